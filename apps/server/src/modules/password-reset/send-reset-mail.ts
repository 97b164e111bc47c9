import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { organisations, passwordResetTokens, users } from '../../db/schema';
import { jobIdOf } from '../../jobs/executor';
import type { PasswordResetMailJob } from '../../jobs/queues';
import type { Mailer } from '../../lib/mailer';
import { pageText } from '../../lib/server-i18n';
import { hashToken, newToken } from '../accounts/tokens';
import { publicOrigin, RESET_TTL_MINUTES } from './password-reset.service';

/**
 * The queue's handler for a requested reset: makes the link's token now, stores only its hash on
 * the requested row and mails the link. The raw token is never stored, not even in the job. A
 * retry (the mail server was down) makes a new token for the same row; a row used or expired
 * meanwhile is mailed nothing.
 */
export async function sendResetMail(
  deps: { db: Db; mailer: Mailer; config: Config },
  job: PasswordResetMailJob,
) {
  const [row] = await deps.db
    .select({ user: users, org: organisations })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(
      and(
        eq(passwordResetTokens.id, job.tokenId),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  if (!row) return { sent: false };
  const token = newToken();
  const claimed = await deps.db
    .update(passwordResetTokens)
    .set({ tokenHash: hashToken(token) })
    .where(and(eq(passwordResetTokens.id, job.tokenId), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  if (!claimed.length) return { sent: false };
  const { user, org } = row;
  const link = `${publicOrigin(deps.config, org)}/accounts/reset/${token}/?lang=${job.lang}`;
  const params = { org: org.name, name: user.name, minutes: RESET_TTL_MINUTES, link };
  await deps.mailer.send({
    to: user.email,
    subject: pageText(job.lang, 'reset.mailSubject', params),
    text: pageText(job.lang, 'reset.mailBody', params),
    messageId: `<${jobIdOf(`password-reset:${job.tokenId}`)}@peerwrite>`,
  });
  return { sent: true };
}
