import type { Language, PageQuery } from '@pw/contract';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { pageOffset, paginate } from '../../lib/pagination';
import { notificationView } from './notification-text';

/** The number of a person's unread notifications. */
export async function unreadCount(db: Db, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** GET /notifications/: the caller's own, newest first, paged, with the unread count. */
export async function listNotifications(input: {
  db: Db;
  userId: number;
  query: PageQuery;
  url: string;
  lang: Language;
}) {
  const { db, userId, query } = input;
  const mine = eq(notifications.userId, userId);
  const [rows, total, unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.page_size)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(notifications).where(mine),
    unreadCount(db, userId),
  ]);
  const page = paginate(
    input.url,
    query,
    total[0]?.n ?? 0,
    rows.map((row) => notificationView(row, input.lang)),
  );
  return { ...page, unread };
}
