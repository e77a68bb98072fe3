export { type BuildServerOptions, buildServer } from './app';
export { type Config, ConfigError, loadConfig, testConfig } from './config';
export { bootstrapDatabase } from './platform/db/bootstrap';
export { type Db, openDatabase } from './platform/db/database';
export { type EmbeddedCluster, startEmbeddedPostgres } from './platform/db/embedded';
export { DEMO_PASSWORD, DEMO_TENANTS, DEMO_USERS } from './seed/demo';
export { type RunningServer, type StartOptions, startTsumiki } from './start';
