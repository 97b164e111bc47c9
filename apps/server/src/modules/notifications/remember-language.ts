import type { Language } from '@pw/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/**
 * Keeps the language a person last used, for their mails: the bell reads the notifications at
 * every visit in the interface's language, and a change is written (nothing when it is the same).
 */
export async function rememberLanguage(db: Db, userId: number, lang: Language) {
  await db
    .update(users)
    .set({ language: lang })
    .where(and(eq(users.id, userId), sql`${users.language} is distinct from ${lang}`));
}
