import type { Language, NotificationKind } from '@pw/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { notificationMailOff, notifications, organisations, users } from '../../db/schema';
import type { MailMessage } from '../../lib/mailer';
import { publicOrigin } from '../password-reset/password-reset.service';
import { notificationMail } from './notification-mail';
import { unsubscribeQuery } from './unsubscribe-token';

export type SweepDeps = {
  db: Db;
  config: Config;
  secret: string;
  /** Queues one mail in the sweep's transaction, named by `key` (queued once however often sent). */
  queueMail: (tx: Tx, message: MailMessage, key: string) => Promise<void>;
};

const BATCH = 200;

/**
 * Queues the mails of notifications not yet handled, a batch per transaction: each pending
 * notification becomes one mail job (keyed by the notification, so once even if two nodes sweep)
 * or is skipped (the person switched that kind off, or the account is inactive). Rows another
 * node is sweeping are left to it (SKIP LOCKED). Returns how many mails it queued.
 */
export async function sweepNotificationMails(deps: SweepDeps): Promise<number> {
  let queued = 0;
  for (;;) {
    const { handled, mailed } = await deps.db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: notifications.id,
          kind: notifications.kind,
          params: notifications.params,
          link: notifications.link,
          userId: users.id,
          email: users.email,
          language: users.language,
          active: users.isActive,
          org: organisations,
        })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .innerJoin(organisations, eq(organisations.id, users.organisationId))
        .where(eq(notifications.mail, 'pending'))
        .orderBy(asc(notifications.id))
        .limit(BATCH)
        .for('update', { of: notifications, skipLocked: true });
      if (rows.length === 0) return { handled: 0, mailed: 0 };
      const off = await tx
        .select()
        .from(notificationMailOff)
        .where(inArray(notificationMailOff.userId, [...new Set(rows.map((r) => r.userId))]));
      const isOff = new Set(off.map((o) => `${o.userId}:${o.kind}`));
      const sent: number[] = [];
      const skipped: number[] = [];
      for (const row of rows) {
        if (!row.active || isOff.has(`${row.userId}:${row.kind}`)) {
          skipped.push(row.id);
          continue;
        }
        const kind = row.kind as NotificationKind;
        const origin = publicOrigin(deps.config, row.org);
        const message = notificationMail({
          to: row.email,
          lang: (row.language ?? 'ko') as Language,
          kind,
          params: row.params,
          link: `${origin}${row.link}`,
          org: { name: row.org.name, rgb: row.org.rgb },
          unsubscribe: `${origin}/accounts/unsubscribe/?${unsubscribeQuery(deps.secret, row.userId, kind)}`,
        });
        await deps.queueMail(tx, message, `notification-mail:${row.id}`);
        sent.push(row.id);
      }
      if (sent.length)
        await tx.update(notifications).set({ mail: 'queued' }).where(inArray(notifications.id, sent));
      if (skipped.length)
        await tx.update(notifications).set({ mail: 'skipped' }).where(inArray(notifications.id, skipped));
      return { handled: rows.length, mailed: sent.length };
    });
    queued += mailed;
    if (handled < BATCH) return queued;
  }
}

/** Whether any notification waits for its mail (a cheap look before a sweep is queued). */
export async function hasPendingMail(db: Db) {
  const rows = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.mail, 'pending'))
    .limit(1);
  return rows.length > 0;
}
