export { type BuildServerOptions, buildServer } from './app';
export { type Config, ConfigError, loadConfig, testConfig } from './config';
// MIN_COVERAGE, the AI provider, withTenant, extraction and the text index: for the retrieval bench
// (bench/retrieval), which drives the real extraction and index path.
export { MIN_COVERAGE } from './modules/knowledge/knowledge.chat';
// The research PDF: for bench/research-pdf (the time to render a typical report).
export { researchReportPdf } from './modules/research/research.pdf';
export { aiConfigFromEnv } from './platform/ai/config';
export { createAiProvider } from './platform/ai/create-provider';
export { bootstrapDatabase } from './platform/db/bootstrap';
export { type Db, openDatabase } from './platform/db/database';
export { type EmbeddedCluster, startEmbeddedPostgres } from './platform/db/embedded';
export { withTenant } from './platform/db/tenant-scope';
export { chunkText, extractText } from './platform/extract/index';
export { contentCoverage } from './platform/search/fold';
export { createTextIndex } from './platform/search/text-index-postgres';
export { DEMO_PASSWORD, DEMO_TENANTS, DEMO_USERS } from './seed/demo';
export { type RunningServer, type StartOptions, startTsumiki } from './start';
