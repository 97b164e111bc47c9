import { anchorSegments, type EssayRun, essayRuns } from '@pw/domain/anchors';
import { type CSSProperties, type ReactNode, type Ref, useMemo } from 'react';
import classes from './AnchoredEssay.module.css';
import { type EssayLine, essayLines, lineBlocks } from './essay-lines';

/** An anchor to draw: its passage, its number in the list and how its reference link reads. */
export type DrawnAnchor = { key: string; index: number; length: number; number: number; refLabel: string };

export const markId = (key: string) => `anchor-mark-${key}`;
export const commentId = (key: string) => `anchor-comment-${key}`;

/** Moves the focus to an element of the page (a mark or a comment) and shows it. */
export function focusById(id: string) {
  const el = document.getElementById(id);
  if (!el) return;
  el.focus({ preventScroll: true });
  el.scrollIntoView({ block: 'center', behavior: 'smooth' });
}

const styleOf = (attributes: EssayRun['attributes']): CSSProperties | undefined => {
  const style: CSSProperties = {};
  if (attributes.bold) style.fontWeight = 700;
  if (attributes.italic) style.fontStyle = 'italic';
  const lines = [attributes.underline && 'underline', attributes.strike && 'line-through'].filter(Boolean);
  if (lines.length) style.textDecoration = lines.join(' ');
  return Object.keys(style).length ? style : undefined;
};

/**
 * The essay read-only with its anchored passages as <mark>s: the text in Quill's positions (each
 * piece a span carrying its start, so a selection maps back to positions; a line's newline stays
 * in its last span), drawn line by line with Quill's line formats (headings, lists, quotes), every
 * passage marked (in each line it crosses) and followed by its number, a link to its comment (the
 * mark is not colour alone: dashed underline and the number). Overlapping passages share the
 * marks of their common part.
 */
export function AnchoredEssay({
  content,
  plainText,
  anchors,
  label,
  rootRef,
}: {
  content: unknown;
  plainText: string;
  anchors: DrawnAnchor[];
  label: string;
  rootRef?: Ref<HTMLDivElement>;
}) {
  const runs = useMemo(() => essayRuns(content, plainText), [content, plainText]);
  const text = useMemo(() => runs.map((r) => r.text).join(''), [runs]);
  const segments = useMemo(() => anchorSegments(text, anchors), [text, anchors]);
  const blocks = useMemo(() => lineBlocks(essayLines(runs)), [runs]);
  // Where a passage's number goes: after its last character that is not a line's end.
  const refEnds = anchors.map((a) => {
    let end = a.index + a.length;
    while (end > a.index + 1 && text[end - 1] === '\n') end--;
    return end;
  });
  const firstMark = new Set<number>();
  /** The line's text: its segments cut at the line's edges, marked where passages cover them. */
  const lineNodes = (line: EssayLine): ReactNode[] => {
    const nodes: ReactNode[] = [];
    const newline = text[line.end - 1] === '\n';
    const contentEnd = newline ? line.end - 1 : line.end;
    for (const segment of segments) {
      const from0 = Math.max(segment.start, line.start);
      const to0 = Math.min(segment.end, contentEnd);
      if (to0 <= from0) continue;
      // The runs (inline formats) inside this part of the segment.
      const pieces: ReactNode[] = [];
      for (const run of runs) {
        const from = Math.max(from0, run.start);
        const to = Math.min(to0, run.start + run.text.length);
        if (to <= from) continue;
        pieces.push(
          <span key={from} data-start={from} style={styleOf(run.attributes)}>
            {run.text.slice(from - run.start, to - run.start)}
          </span>,
        );
      }
      if (segment.covers.length === 0) {
        nodes.push(...pieces);
      } else {
        // The first mark of an anchor carries its id (the list's "show in the essay" focuses it).
        const first = segment.covers.find((i) => !firstMark.has(i));
        if (first !== undefined) firstMark.add(first);
        const anchor = first !== undefined ? anchors[first] : undefined;
        nodes.push(
          <mark
            key={`m${from0}`}
            id={anchor ? markId(anchor.key) : undefined}
            tabIndex={anchor ? -1 : undefined}
            className={segment.covers.length > 1 ? `${classes.mark} ${classes.overlap}` : classes.mark}
            data-anchors={segment.covers.map((i) => anchors[i]?.number).join(' ')}
          >
            {pieces}
          </mark>,
        );
      }
      // After the passages that end here, their numbers: links to their comments.
      for (const i of segment.covers) {
        const a = anchors[i];
        if (!a || refEnds[i] !== to0) continue;
        nodes.push(
          <a
            key={`r${a.key}`}
            href={`#${commentId(a.key)}`}
            className={classes.ref}
            aria-label={a.refLabel}
            data-testid="anchor-ref"
            onClick={(e) => {
              e.preventDefault();
              focusById(commentId(a.key));
            }}
          >
            {a.number}
          </a>,
        );
      }
    }
    // The line's newline: kept in the text (positions and copies stay whole), the line is its block.
    if (newline)
      nodes.push(
        <span key="nl" data-start={contentEnd} className={classes.newline}>
          {'\n'}
        </span>,
      );
    return nodes;
  };
  const blockNodes = blocks.map((block) => {
    const head = block[0] as EssayLine;
    const key = `l${head.start}`;
    const kind = head.kind;
    if (kind.type === 'list') {
      const List = kind.ordered ? 'ol' : 'ul';
      return (
        <List key={key} className={classes.list}>
          {block.map((line) => (
            <li key={line.start}>{lineNodes(line)}</li>
          ))}
        </List>
      );
    }
    const className =
      kind.type === 'heading'
        ? `${classes.line} ${classes[`h${kind.level}`]}`
        : kind.type === 'quote'
          ? `${classes.line} ${classes.blockquote}`
          : classes.line;
    return (
      <div key={key} className={className}>
        {lineNodes(head)}
      </div>
    );
  });
  return (
    <div
      ref={rootRef}
      className={classes.essay}
      role="document"
      aria-label={label}
      data-testid="anchored-essay"
    >
      {blockNodes}
    </div>
  );
}
