import type { Language } from '@pw/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { notificationView } from './notification-text';

/**
 * PATCH /notifications/{id}/ `{read}`: marks one of the caller's own as read (keeping the first
 * time it was read) or unread again. Another person's notification is 404, as one that does not exist.
 */
export async function readNotification(input: {
  db: Db;
  userId: number;
  id: number;
  read: boolean;
  lang: Language;
}) {
  const { db, userId, id, read } = input;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .for('update');
    if (!row) throw new AppError('not_found');
    const readAt = read ? (row.readAt ?? new Date()) : null;
    const [updated] = await tx
      .update(notifications)
      .set({ readAt })
      .where(eq(notifications.id, id))
      .returning();
    return notificationView(updated ?? row, input.lang);
  });
}
