// Quill's stylesheet and ours, without Quill's code: the Quill branch below draws the Delta in
// Quill 2's own markup and classes (issue 35: the report page no longer fetches Quill to show text).
import 'react-quill-new/dist/quill.snow.css';
import './RichText.css';
import type { Delta } from '@pw/contract';
import DOMPurify from 'dompurify';
import draftToHtml from 'draftjs-to-html';
import { type CSSProperties, type ReactNode, useMemo } from 'react';
import { type DeltaLine, deltaBlocks, type InlineNode, type InlineWrap } from '../lib/delta-lines';

type Draft = { blocks: unknown[]; entityMap: Record<string, unknown> };
const isDraft = (value: unknown): value is Draft =>
  typeof value === 'object' && value !== null && Array.isArray((value as Draft).blocks);
const isDelta = (value: unknown): value is Delta =>
  typeof value === 'object' && value !== null && Array.isArray((value as Delta).ops);

function styleOf(wrap: InlineWrap): CSSProperties | undefined {
  if (!wrap.color && !wrap.background) return undefined;
  return {
    ...(wrap.color ? { color: wrap.color } : {}),
    ...(wrap.background ? { backgroundColor: wrap.background } : {}),
  };
}

/** An inline element as Quill 2 draws it (the text as React text, never as markup). */
function Inline({ node }: { node: InlineNode }): ReactNode {
  if (typeof node === 'string') return node;
  const { wrap } = node;
  const style = styleOf(wrap);
  const children = node.children.map((child, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the runs of a text that does not change here
    <Inline node={child} key={i} />
  ));
  switch (wrap.format) {
    case 'link':
      return (
        <a href={wrap.value} target="_blank" rel="noopener noreferrer" style={style}>
          {children}
        </a>
      );
    case 'underline':
      return <u style={style}>{children}</u>;
    case 'strike':
      return <s style={style}>{children}</s>;
    case 'italic':
      return <em style={style}>{children}</em>;
    case 'bold':
      return <strong style={style}>{children}</strong>;
    case 'script':
      return wrap.value === 'sub' ? <sub style={style}>{children}</sub> : <sup style={style}>{children}</sup>;
    case 'code':
      return <code style={style}>{children}</code>;
    default:
      return <span style={style}>{children}</span>;
  }
}

function Line({ line }: { line: DeltaLine }) {
  const content = line.children.length
    ? line.children.map((child, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: as above
        <Inline node={child} key={i} />
      ))
    : [<br key="br" />];
  const className = line.className || undefined;
  switch (line.tag) {
    case 'li':
      return (
        <li data-list={line.list} className={className}>
          <span className="ql-ui" contentEditable={false} />
          {content}
        </li>
      );
    case 'code':
      return (
        <div className={line.className ? `ql-code-block ${line.className}` : 'ql-code-block'}>{content}</div>
      );
    case 'h1':
      return <h1 className={className}>{content}</h1>;
    case 'h2':
      return <h2 className={className}>{content}</h2>;
    case 'h3':
      return <h3 className={className}>{content}</h3>;
    case 'h4':
      return <h4 className={className}>{content}</h4>;
    case 'h5':
      return <h5 className={className}>{content}</h5>;
    case 'h6':
      return <h6 className={className}>{content}</h6>;
    case 'blockquote':
      return <blockquote className={className}>{content}</blockquote>;
    default:
      return <p className={className}>{content}</p>;
  }
}

/** A Quill Delta drawn as Quill 2's read-only editor draws it (react-quill-new, no toolbar). */
function DeltaView({ delta }: { delta: Delta }) {
  const blocks = useMemo(() => deltaBlocks(delta), [delta]);
  const blank = blocks.length === 1 && blocks[0]?.kind === 'line' && blocks[0].line.children.length === 0;
  return (
    <div className="quill">
      <div className="ql-container ql-snow ql-disabled">
        <div className={blank ? 'ql-editor ql-blank' : 'ql-editor'} contentEditable={false}>
          {blocks.map((block, b) => {
            switch (block.kind) {
              case 'list':
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a text that does not change here
                  <ol key={b}>
                    {block.items.map((line, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: as above
                      <Line line={line} key={i} />
                    ))}
                  </ol>
                );
              case 'code':
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: as above
                  <div className="ql-code-block-container" spellCheck={false} key={b}>
                    {block.lines.map((line, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: as above
                      <Line line={line} key={i} />
                    ))}
                  </div>
                );
              default:
                // biome-ignore lint/suspicious/noArrayIndexKey: as above
                return <Line line={block.line} key={b} />;
            }
          })}
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
