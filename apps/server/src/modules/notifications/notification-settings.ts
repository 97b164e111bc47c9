import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationSettings,
  relevantNotificationKinds,
} from '@pw/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { courses, enrollments, notificationMailOff } from '../../db/schema';

/** Every kind, on unless the person switched its mail off; with the kinds they can receive. */
export async function mailSettingsOf(db: Db | Tx, userId: number): Promise<NotificationSettings> {
  const [off, learns, assists, teaches] = await Promise.all([
    db
      .select({ kind: notificationMailOff.kind })
      .from(notificationMailOff)
      .where(eq(notificationMailOff.userId, userId)),
    db
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(
        and(
          eq(enrollments.userId, userId),
          eq(enrollments.isActive, true),
          eq(enrollments.isAssistant, false),
        ),
      )
      .limit(1),
    db
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(
        and(
          eq(enrollments.userId, userId),
          eq(enrollments.isActive, true),
          eq(enrollments.isAssistant, true),
        ),
      )
      .limit(1),
    db.select({ id: courses.id }).from(courses).where(eq(courses.instructorId, userId)).limit(1),
  ]);
  const offKinds = new Set(off.map((r) => r.kind));
  return {
    mail: Object.fromEntries(
      NOTIFICATION_KINDS.map((k) => [k, !offKinds.has(k)]),
    ) as NotificationSettings['mail'],
    kinds: relevantNotificationKinds({
      learns: learns.length > 0,
      teaches: assists.length + teaches.length > 0,
    }),
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
