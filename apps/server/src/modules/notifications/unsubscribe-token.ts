import { createHmac, timingSafeEqual } from 'node:crypto';
import { type NotificationKind, notificationKindSchema } from '@pw/contract';

const sign = (secret: string, userId: number, kind: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${userId}:${kind}`).digest('base64url').slice(0, 32);

/** The query of a one-click unsubscribe link: whose, which kind, and the signature over both. */
export function unsubscribeQuery(secret: string, userId: number, kind: NotificationKind) {
  return `u=${userId}&k=${kind}&s=${sign(secret, userId, kind)}`;
}

/** The person and kind a link names, when its signature holds; undefined otherwise. */
export function readUnsubscribe(
  secret: string,
  query: Record<string, unknown>,
): { userId: number; kind: NotificationKind } | undefined {
  const userId = Number(query.u);
  const kind = notificationKindSchema.safeParse(query.k);
  const signature = typeof query.s === 'string' ? query.s : '';
  if (!Number.isSafeInteger(userId) || userId <= 0 || !kind.success) return undefined;
  const expected = Buffer.from(sign(secret, userId, kind.data));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { userId, kind: kind.data };
}
