import type { Db, Tx } from '../db/client';
import type { MailMessage } from '../lib/mailer';

export { QUEUES, type QueueName, type QueueSettings, queueSettings } from './queue-settings';

import type { QueueName } from './queue-settings';

export type MailJob = MailMessage & { messageId: string };
export type PasswordResetMailJob = { tokenId: number; lang: 'ko' | 'en' };

export type SendOptions = {
  /** Names the effect: a second send with the same key is the same job (sent once). */
  key: string;
  /** The transaction the job belongs to (it is queued only if that commits), or the app's handle. */
  db: Db | Tx;
};

/** The queue as the use cases see it (`app.jobs`). */
export type Jobs = {
  /** Queues a message for sending, with retries and backoff while the mail server is down. */
  sendMail: (message: MailMessage, options: SendOptions) => Promise<void>;
  /**
   * Queues a sweep of the notifications waiting for their mail (after a change that notified
   * someone has committed); the scheduler's passes sweep too.
   */
  sweepNotifications: () => Promise<void>;
  /**
   * Queues a job for every LTI grade waiting to be sent (after the change that made them pending
   * has committed); the scheduler's passes do so too. A grade's version is queued once.
   */
  queueGrades: () => Promise<void>;
  /** Queues a password-reset mail for a stored token row. */
  sendPasswordResetMail: (job: PasswordResetMailJob, options: SendOptions) => Promise<void>;
  /**
   * Asks this process's worker of the queue to look now rather than at its next poll: call it
   * after the transaction that queued a job has committed.
   */
  wake: (queue: QueueName) => void;
  /**
   * Resolves once the sends this process has started have landed and no job of the queues is
   * waiting or running (tests; `timeoutMs` then throws).
   */
  settled: (queues: readonly QueueName[], timeoutMs?: number) => Promise<void>;
  /** Stops fetching, lets running jobs finish (up to the stop timeout), then returns. */
  stop: () => Promise<void>;
};
