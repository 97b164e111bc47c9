import type { NotificationKind } from '@pw/contract';
import type { Db, Tx } from '../../db/client';
import { notifications } from '../../db/schema';

/** A notification to store: the facts its text is made of, and the screen it opens. */
export type NewNotification = {
  userId: number;
  kind: NotificationKind;
  /** Names the event: one notification per key and person, however often the event's code runs. */
  key: string;
  params: Record<string, string | number | null>;
  link: string;
};

/**
 * Stores notifications in the caller's transaction: they exist exactly when the change they tell
 * of is committed. Their mails are queued afterwards by the mail sweep (`mail-sweep.ts`).
 */
export async function notify(tx: Db | Tx, items: readonly NewNotification[]) {
  if (items.length === 0) return;
  await tx
    .insert(notifications)
    .values([...items])
    .onConflictDoNothing();
}

/** The product paths notifications open (the web's routes). */
export const links = {
  learnerAssignment: (courseId: number, assignmentId: number) =>
    `/courses/${courseId}/learner/assignments/${assignmentId}/performances`,
  instructorAssignment: (courseId: number, assignmentId: number) =>
    `/courses/${courseId}/instructor/assignments/${assignmentId}`,
  assistantAssignment: (courseId: number, assignmentId: number) =>
    `/courses/${courseId}/assistant/assignments/${assignmentId}`,
};
