/** The queues of the background work (pg-boss queue names). */
export const QUEUES = {
  /** One pass of the stage scheduler (`advanceDueAssignments`), at most one per time slot. */
  stageMoves: 'stage-moves',
  /** A ready message to send. */
  mail: 'mail',
  /** A password-reset link to issue and mail (the link is made when sent, never stored). */
  passwordResetMail: 'password-reset-mail',
  /** A sweep that turns pending notifications into mail jobs (`mail-sweep.ts`), one at a time. */
  notificationMails: 'notification-mails',
  /** One learner's total to send to an LTI line item (AGS), one job per score version. */
  ltiGrades: 'lti-grades',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** Mail retries: 30 s, 1 min, 2 min, … doubling (with jitter), over about a day and a half. */
const MAIL_RETRY_LIMIT = 12;

/** A queue's settings as pg-boss stores them (its `queue` table). */
export type QueueSettings = {
  name: QueueName;
  policy: 'standard' | 'stately';
  retryLimit: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds: number;
};

/**
 * The queues and their settings; `mailRetryDelaySeconds` is the first retry's delay (tests
 * shorten it). The PGlite template holds these queues as made with the defaults.
 */
export function queueSettings(mailRetryDelaySeconds = 30): QueueSettings[] {
  const mail = {
    policy: 'standard' as const,
    retryLimit: MAIL_RETRY_LIMIT,
    retryDelay: mailRetryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: 300,
  };
  return [
    // At most one pass queued and one running per time slot, however many processes tick.
    { name: QUEUES.stageMoves, policy: 'stately', retryLimit: 0, expireInSeconds: 600 },
    { name: QUEUES.mail, ...mail },
    { name: QUEUES.passwordResetMail, ...mail },
    // The LMS may be down for a while as a mail server may: the same retries and backoff.
    { name: QUEUES.ltiGrades, ...mail },
    // One sweep queued and one running at most; a failed sweep is retried (its rows stay pending).
    {
      name: QUEUES.notificationMails,
      policy: 'stately',
      retryLimit: 3,
      retryDelay: 10,
      expireInSeconds: 300,
    },
  ];
}
