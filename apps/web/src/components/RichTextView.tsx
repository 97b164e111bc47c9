// Quill's stylesheet and ours, without Quill's code: the Quill branch below draws the Delta in
// Quill 2's own markup and classes (issue 35: the report page no longer fetches Quill to show text).
import 'react-quill-new/dist/quill.snow.css';
import './RichText.css';
import type { Delta } from '@pw/contract';
import DOMPurify from 'dompurify';
import draftToHtml from 'draftjs-to-html';
import { useMemo } from 'react';
import { deltaBlocks } from '../lib/delta-lines';
import { DeltaBlocks } from './DeltaBlocks';

type Draft = { blocks: unknown[]; entityMap: Record<string, unknown> };
const isDraft = (value: unknown): value is Draft =>
  typeof value === 'object' && value !== null && Array.isArray((value as Draft).blocks);
const isDelta = (value: unknown): value is Delta =>
  typeof value === 'object' && value !== null && Array.isArray((value as Delta).ops);

/** A Quill Delta drawn as Quill 2's read-only editor draws it (react-quill-new, no toolbar). */
function DeltaView({ delta }: { delta: Delta }) {
  const blocks = useMemo(() => deltaBlocks(delta), [delta]);
  const blank = blocks.length === 1 && blocks[0]?.kind === 'line' && blocks[0].line.children.length === 0;
  return (
    <div className="quill">
      <div className="ql-container ql-snow ql-disabled">
        <div className={blank ? 'ql-editor ql-blank' : 'ql-editor'} contentEditable={false}>
          <DeltaBlocks blocks={blocks} />
        </div>
      </div>
    </div>
  );
}

/**
 * An essay shown read-only, without loading Quill: Quill content drawn in Quill 2's markup with
 * React elements (text as text, links limited to http, https and mailto, colours to hex and
 * rgb()), DRAFT content (Draft.js raw JSON) through draftjs-to-html and DOMPurify, and anything
 * else as plain text. Nothing stored can run as markup.
 */
export function RichTextView({
  content,
  editorType,
  plainText,
  label,
}: {
  content: unknown;
  editorType: string | null;
  plainText: string;
  label: string;
}) {
  const draftHtml = useMemo(() => {
    if (editorType !== 'DRAFT' || !isDraft(content)) return null;
    try {
      return DOMPurify.sanitize(draftToHtml(content as never), { USE_PROFILES: { html: true } });
    } catch {
      return null;
    }
  }, [content, editorType]);
  if (draftHtml !== null) {
    return (
      <div
        className="ql-snow"
        data-testid="essay-view"
        data-editor="DRAFT"
        aria-label={label}
        role="document"
      >
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify above */}
        <div className="ql-editor" dangerouslySetInnerHTML={{ __html: draftHtml }} />
      </div>
    );
  }
  if (isDelta(content)) {
    return (
      <div data-testid="essay-view" data-editor="Q" aria-label={label} role="document">
        <DeltaView delta={content} />
      </div>
    );
  }
  return (
    <div data-testid="essay-view" aria-label={label} role="document" style={{ whiteSpace: 'pre-wrap' }}>
      {plainText}
    </div>
  );
}

export default RichTextView;
