import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { JobRunner } from './jobs/runner';
import type { Clock } from './lib/clock';
import type { FileStorage } from './lib/files';
import type { KeyMaterial } from './lib/keys';
import type { MailTransport } from './mail/mailer';

/** What services need, built once per app and passed down (no module-level singletons). */
export interface AppContext {
  config: AppConfig;
  db: Db;
  keys: KeyMaterial;
  jobs: JobRunner;
  /** business time (scheduled reloads); moved only in tests (TEST_CLOCK) */
  clock: Clock;
  /** where made files (batch archives) are kept: lib/files.ts */
  files: FileStorage;
  /** where e-mails sent by a job itself go (square communications: each try's SMTP answer is kept); null: logged, no SMTP configured */
  mail: { transport: MailTransport | null; from: string };
}

// the authenticated caller is the access checks' (lib/access.ts), below the context
export type { AuthState } from './lib/access';
