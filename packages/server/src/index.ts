export { type BuildServerOptions, buildServer } from './app';
export { type Config, ConfigError, loadConfig, testConfig } from './config';
export { bootstrapDatabase } from './db/bootstrap';
export { type Db, openDatabase } from './db/database';
export { type EmbeddedCluster, startEmbeddedPostgres } from './db/embedded';
export { DEMO_PASSWORD, DEMO_TENANTS, DEMO_USERS } from './seed/demo';
export { type RunningServer, type StartOptions, startTsumiki } from './start';
