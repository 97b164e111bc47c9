import { NOTIFICATION_KINDS, type NotificationKind, type NotificationSettings } from '@pw/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { notificationMailOff } from '../../db/schema';

/** Every kind, on unless the person switched its mail off. */
export async function mailSettingsOf(db: Db | Tx, userId: number): Promise<NotificationSettings> {
  const off = new Set(
    (
      await db
        .select({ kind: notificationMailOff.kind })
        .from(notificationMailOff)
        .where(eq(notificationMailOff.userId, userId))
    ).map((r) => r.kind),
  );
  return {
    mail: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, !off.has(k)])) as NotificationSettings['mail'],
  };
}

/** Switches the mail of some kinds on or off (the others stay as they are). */
export async function setMailSettings(
  db: Db | Tx,
  userId: number,
  mail: Partial<Record<NotificationKind, boolean>>,
) {
  const entries = Object.entries(mail) as [NotificationKind, boolean][];
  const off = entries.filter(([, on]) => !on).map(([kind]) => kind);
  const on = entries.filter(([, value]) => value).map(([kind]) => kind);
  if (off.length)
    await db
      .insert(notificationMailOff)
      .values(off.map((kind) => ({ userId, kind })))
      .onConflictDoNothing();
  if (on.length)
    await db
      .delete(notificationMailOff)
      .where(and(eq(notificationMailOff.userId, userId), inArray(notificationMailOff.kind, on)));
  return mailSettingsOf(db, userId);
}
