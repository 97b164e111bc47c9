import type { ReviewAnchor } from '@pw/contract';
import type { AnchorRow } from './anchors.queries';

/** An anchored comment as the API shows it (no reviewer, no review id). */
export const anchorView = (row: AnchorRow): ReviewAnchor => ({
  id: row.id,
  index: row.index,
  length: row.length,
  quote: row.quote,
  comment: row.comment,
});
