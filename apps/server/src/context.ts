import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Queue } from './jobs/queue.ts';
import type { BlobStore } from './lib/blob-store.ts';
import type { Llm } from './lib/llm.ts';
import type { Mailer } from './modules/auth/mailer.ts';

/** Shared services handed to every service function (decorated on the app as `app.ctx`). */
export interface AppContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  jwtSecret: Uint8Array;
  mailer: Mailer;
  blobs: BlobStore;
  queue: Queue;
  /** the optional LLM; null when none is configured */
  llm: Llm | null;
  /** the seeded demo organization's id (for `demo` in the org-id lists of the config) */
  demoOrgId: string | null;
}

/** The authenticated caller. API keys act with the role of the member who created them. */
export interface Principal {
  userId: string;
  orgId: string;
  roleId: string;
  role: string;
  via: 'jwt' | 'apiKey';
  apiKeyId?: string;
  /** the server-side session of a bearer token (logout ends it) */
  sessionId?: string;
  /** the staff user acting through an impersonation token */
  impersonatorId?: string;
}
