import { COLOR_PATTERN, SAFE_LINK_PATTERN } from '@pw/contract';

// A Quill Delta as Quill 2 draws it read-only, as plain data (the view renders it with React
// elements, never as markup): lines with the format kept on their newline, grouped as Quill nests
// them, and each line's text as a tree of inline formats nested in Quill's order.

/** A Delta as it may come from storage: text inserts (embeds are skipped) with their formats. */
export type DeltaLike = {
  ops: readonly { insert?: unknown; attributes?: Record<string, unknown> | undefined }[];
};

/**
 * An inline format as Quill 2 draws it. `inline` is Quill's plain `<span>`, which holds a colour
 * when no other inline format was applied before it.
 */
export type InlineFormat = 'inline' | 'link' | 'underline' | 'strike' | 'italic' | 'bold' | 'script' | 'code';

/** One inline element: its format, its value (the link's address, `sub` or `super`), its colours. */
export type InlineWrap = {
  format: InlineFormat;
  value?: string;
  color?: string;
  background?: string;
};

/** A line's content: text, or an inline element around more content. */
export type InlineNode = string | { wrap: InlineWrap; children: InlineNode[] };

export type LineTag = 'p' | 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' | 'blockquote' | 'li' | 'code';

/** A line of the essay: its block (`code` is Quill's `div.ql-code-block`), classes and content. */
export type DeltaLine = {
  tag: LineTag;
  /** For list items: Quill's `data-list`. */
  list?: 'ordered' | 'bullet' | 'checked' | 'unchecked';
  /** `ql-align-…` and `ql-indent-…`, as Quill sets them; empty when the line has neither. */
  className: string;
  /** Empty for an empty line (Quill draws a `<br>`). */
  children: InlineNode[];
};

/** Lines as Quill 2 nests them: a lone line, list items in one `<ol>`, code lines in one container. */
export type DeltaBlock =
  | { kind: 'line'; line: DeltaLine }
  | { kind: 'list'; items: DeltaLine[] }
  | { kind: 'code'; lines: DeltaLine[] };

/** Quill 2's `Inline.order`: a lower index is drawn deeper (the link inside bold, code outermost). */
const ORDER: readonly InlineFormat[] = [
  'inline',
  'link',
  'underline',
  'strike',
  'italic',
  'bold',
  'script',
  'code',
];
const ALIGN = new Set(['right', 'center', 'justify']);
const LISTS = new Set(['ordered', 'bullet', 'checked', 'unchecked']);

type Run = { text: string; attributes: Record<string, unknown> };

/** The inline element a format key asks for, or null when it is not one or its value is unsafe. */
function wrapOf(key: string, value: unknown): InlineWrap | null {
  switch (key) {
    case 'bold':
    case 'italic':
    case 'underline':
    case 'strike':
    case 'code':
      return value ? { format: key } : null;
    case 'script':
      return value === 'sub' || value === 'super' ? { format: 'script', value } : null;
    case 'link': {
      if (typeof value !== 'string') return null;
      const href = value.trim();
      return SAFE_LINK_PATTERN.test(href) ? { format: 'link', value: href } : null;
    }
    default:
      return null;
  }
}

const isColour = (value: unknown): value is string => typeof value === 'string' && COLOR_PATTERN.test(value);

/**
 * The inline elements around a run, outermost first. A colour lands where Quill puts it: on the
 * outermost element formatted before it in the run's attributes, or else on a `<span>`.
 */
export function inlineWraps(attributes: Record<string, unknown>): InlineWrap[] {
  const wraps: InlineWrap[] = [];
  const outermost = () =>
    wraps.reduce<InlineWrap | undefined>(
      (top, w) => (top && ORDER.indexOf(top.format) > ORDER.indexOf(w.format) ? top : w),
      undefined,
    );
  for (const [key, value] of Object.entries(attributes)) {
    if (key === 'color' || key === 'background') {
      if (!isColour(value)) continue;
      let target = outermost();
      if (!target) {
        target = { format: 'inline' };
        wraps.push(target);
      }
      target[key] = value;
      continue;
    }
    const wrap = wrapOf(key, value);
    if (wrap && !wraps.some((w) => w.format === wrap.format)) wraps.push(wrap);
  }
  return wraps.sort((a, b) => ORDER.indexOf(b.format) - ORDER.indexOf(a.format));
}

const sameWrap = (a: InlineWrap, b: InlineWrap) =>
  a.format === b.format && a.value === b.value && a.color === b.color && a.background === b.background;

/** Adjacent runs sharing their outer element share one element, as Quill merges them. */
function nest(runs: readonly { text: string; wraps: InlineWrap[] }[]): InlineNode[] {
  const nodes: InlineNode[] = [];
  let i = 0;
  while (i < runs.length) {
    const run = runs[i] as { text: string; wraps: InlineWrap[] };
    const [outer, ...inner] = run.wraps;
    if (!outer) {
      nodes.push(run.text);
      i++;
      continue;
    }
    const group = [{ text: run.text, wraps: inner }];
    i++;
    while (i < runs.length) {
      const next = runs[i] as { text: string; wraps: InlineWrap[] };
      const first = next.wraps[0];
      if (!first || !sameWrap(first, outer)) break;
      group.push({ text: next.text, wraps: next.wraps.slice(1) });
      i++;
    }
    nodes.push({ wrap: outer, children: nest(group) });
  }
  return nodes;
}

/** The line a newline's attributes make: the last block format wins, as in Quill's `createBlock`. */
function lineOf(runs: readonly Run[], attributes: Record<string, unknown>): DeltaLine {
  let tag: LineTag = 'p';
  let list: DeltaLine['list'];
  const classes: string[] = [];
  for (const [key, value] of Object.entries(attributes)) {
    if (
      key === 'header' &&
      typeof value === 'number' &&
      Number.isInteger(value) &&
      value >= 1 &&
      value <= 6
    ) {
      tag = `h${value}` as LineTag;
    } else if (key === 'list' && typeof value === 'string') {
      tag = 'li';
      list = (LISTS.has(value) ? value : 'bullet') as DeltaLine['list'];
    } else if (key === 'blockquote' && value) {
      tag = 'blockquote';
    } else if (key === 'code-block' && value) {
      tag = 'code';
    } else if (key === 'align' && typeof value === 'string' && ALIGN.has(value)) {
      classes.push(`ql-align-${value}`);
    } else if (
      key === 'indent' &&
      typeof value === 'number' &&
      Number.isInteger(value) &&
      value >= 1 &&
      value <= 8
    ) {
      classes.push(`ql-indent-${value}`);
    }
  }
  const texts = runs.filter((run) => run.text !== '');
  // A code block holds plain text only (Quill's CodeBlock allows no inline format).
  const children: InlineNode[] =
    tag === 'code'
      ? texts.length
        ? [texts.map((run) => run.text).join('')]
        : []
      : nest(texts.map((run) => ({ text: run.text, wraps: inlineWraps(run.attributes) })));
  return { tag, ...(tag === 'li' ? { list } : {}), className: classes.join(' '), children };
}

/**
 * The essay's lines as Quill 2 draws them read-only: each line takes the format kept on its newline
 * (heading, list item, quote, code, alignment, indent); the text after the last newline is a
 * paragraph; an empty essay is one empty paragraph; embeds are skipped; links other than http,
 * https and mailto become plain text and colours other than hex or rgb() are dropped.
 */
export function deltaLines(delta: DeltaLike | null): DeltaLine[] {
  const lines: DeltaLine[] = [];
  let runs: Run[] = [];
  for (const op of delta?.ops ?? []) {
    if (typeof op.insert !== 'string') continue;
    const attributes = op.attributes ?? {};
    const parts = op.insert.split('\n');
    for (let i = 0; i < parts.length - 1; i++) {
      runs.push({ text: parts[i] ?? '', attributes });
      lines.push(lineOf(runs, attributes));
      runs = [];
    }
    runs.push({ text: parts.at(-1) ?? '', attributes });
  }
  if (runs.some((run) => run.text !== '') || lines.length === 0) lines.push(lineOf(runs, {}));
  return lines;
}

/** Consecutive list items form one `<ol>` and consecutive code lines one container, as in Quill 2. */
export function deltaBlocks(delta: DeltaLike | null): DeltaBlock[] {
  const blocks: DeltaBlock[] = [];
  for (const line of deltaLines(delta)) {
    const last = blocks.at(-1);
    if (line.tag === 'li') {
      if (last?.kind === 'list') last.items.push(line);
      else blocks.push({ kind: 'list', items: [line] });
    } else if (line.tag === 'code') {
      if (last?.kind === 'code') last.lines.push(line);
      else blocks.push({ kind: 'code', lines: [line] });
    } else blocks.push({ kind: 'line', line });
  }
  return blocks;
}
