import type { Tx } from '../../db/client';
import { reviewAudit } from '../../db/schema';
import type { ExtensionRow } from './extensions.queries';

type Kind = 'extension_granted' | 'extension_changed' | 'extension_withdrawn';

const facts = (x: Pick<ExtensionRow, 'model' | 'endAt' | 'reason'> | null) =>
  x ? { stage: x.model, end_at: x.endAt.toISOString(), reason: x.reason } : null;

/** One entry of the audit log (`review_audit`, shared with review adjustments) per change of an extension. */
export async function auditExtension(
  tx: Tx,
  entry: {
    kind: Kind;
    actorId: number;
    assignmentId: number;
    enrollmentId: number;
    before: Pick<ExtensionRow, 'model' | 'endAt' | 'reason'> | null;
    after: Pick<ExtensionRow, 'model' | 'endAt' | 'reason'> | null;
  },
) {
  await tx.insert(reviewAudit).values({
    kind: entry.kind,
    actorId: entry.actorId,
    assignmentId: entry.assignmentId,
    enrollmentId: entry.enrollmentId,
    before: facts(entry.before),
    after: facts(entry.after),
    reason: entry.after?.reason ?? entry.before?.reason ?? '',
  });
}
