import type { CSSProperties, ReactNode } from 'react';
import type { DeltaBlock, DeltaLine, InlineNode, InlineWrap } from '../lib/delta-lines';

// The lines of a Quill Delta in Quill 2's own markup, drawn with React elements (text as text,
// never as markup): the read-only essay (RichTextView) and the editor's stand-in while Quill
// loads (EditorPlaceholder) both draw them inside Quill's `.ql-editor`.

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

/** The blocks of `deltaBlocks`, as Quill 2 nests them inside its `.ql-editor`. */
export function DeltaBlocks({ blocks }: { blocks: DeltaBlock[] }) {
  return (
    <>
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
    </>
  );
}
