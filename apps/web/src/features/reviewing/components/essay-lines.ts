import type { EssayRun } from '@pw/domain/anchors';

/** How a line of the essay is drawn: Quill's line formats (kept on the line's newline). */
export type LineKind =
  | { type: 'paragraph' }
  | { type: 'heading'; level: 1 | 2 | 3 }
  | { type: 'list'; ordered: boolean }
  | { type: 'quote' };

/** A line of the essay: [start, end) in Quill's positions, its newline included when it has one. */
export type EssayLine = { start: number; end: number; kind: LineKind };

function kindOf(attributes: Record<string, unknown>): LineKind {
  const header = attributes.header;
  if (header === 1 || header === 2 || header === 3) return { type: 'heading', level: header };
  if (attributes.list === 'ordered') return { type: 'list', ordered: true };
  if (typeof attributes.list === 'string') return { type: 'list', ordered: false };
  if (attributes.blockquote) return { type: 'quote' };
  return { type: 'paragraph' };
}

/**
 * The essay's lines with the format Quill keeps on each line's newline (heading 1–3, ordered or
 * bulleted list item, quote); the text after the last newline, if any, is a paragraph.
 */
export function essayLines(runs: readonly EssayRun[]): EssayLine[] {
  const lines: EssayLine[] = [];
  let start = 0;
  let end = 0;
  for (const run of runs) {
    for (let i = 0; i < run.text.length; i++) {
      if (run.text[i] !== '\n') continue;
      const at = run.start + i;
      lines.push({ start, end: at + 1, kind: kindOf(run.attributes) });
      start = at + 1;
    }
    end = run.start + run.text.length;
  }
  if (end > start) lines.push({ start, end, kind: { type: 'paragraph' } });
  return lines;
}

/** Consecutive list items of one kind form one list; every other line stands alone. */
export function lineBlocks(lines: readonly EssayLine[]): EssayLine[][] {
  const blocks: EssayLine[][] = [];
  for (const line of lines) {
    const last = blocks.at(-1);
    const prev = last?.at(-1);
    if (
      last &&
      prev &&
      line.kind.type === 'list' &&
      prev.kind.type === 'list' &&
      line.kind.ordered === prev.kind.ordered
    )
      last.push(line);
    else blocks.push([line]);
  }
  return blocks;
}
