// What other modules may use of the access log's screen side: the retention run (for scripts).
export { pruneAccessLogs } from './audit.retention';
