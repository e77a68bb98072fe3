import type { FastifyBaseLogger } from 'fastify';
import type { AiProvider } from '../platform/ai/provider';
import type { Db } from '../platform/db/database';
import type { DatabaseNotifications } from '../platform/events/database-notifications';
import type { DomainEvents } from '../platform/events/domain-events';
import type { FileStorage } from '../platform/files/storage';
import type { OpenApiDocument } from '../platform/http/openapi';
import type { JobQueue } from '../platform/jobs/jobs';
import type { Mailer } from '../platform/mail/mailer';
import type { TextIndex } from '../platform/search/text-index';
import type { SessionClock } from './sessions/sessions.service';

/** What every module's handler factory may use. */
export interface ModuleDependencies {
  db: Db;
  /** The contract as loaded (served at GET /api/openapi.json; component schemas for validators). */
  document: OpenApiDocument;
  /** The auth service's clock and session length (tests pin the clock). */
  sessions: SessionClock;
  /** Events recorded with the change that causes them; the notifications module listens. */
  events: DomainEvents;
  /**
   * The process's LISTEN connection (pg_notify of committed changes), for live streams; null when
   * the server was built without a connection string for it (then streams get no live updates).
   */
  databaseNotifications: DatabaseNotifications | null;
  /** The server's logger, for what a module reports beyond the request log (optional in tests). */
  log?: FastifyBaseLogger;
  /** scrypt cost of passwords set on somebody's behalf (a new tenant user); the default if absent. */
  passwordHashCost?: number;
  /** Uploaded files (documents, knowledge base). */
  files: FileStorage;
  /** Background work (extraction, file removal); a module registers its workers in its factory. */
  jobs: JobQueue;
  /** The AI provider (offline unless configured). */
  ai: AiProvider;
  /** The text index of documents and knowledge-base documents. */
  textIndex: TextIndex;
  /** Outgoing mail (SMTP); null when the server has none configured. */
  mailer: Mailer | null;
  /** The address people reach the server at (PUBLIC_URL), for links in mail; null when unset. */
  publicUrl: string | null;
  /** Deep research's web search endpoint (RESEARCH_WEB_SEARCH_URL); absent or null: none. */
  researchWebSearchUrl?: string | null;
}
