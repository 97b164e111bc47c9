import type { Delta } from '@pw/contract';

/** A line of the essay as Quill 2 draws it: its tag, and for list items the list's kind. */
export type PlaceholderLine =
  | { tag: 'p' | 'h1' | 'h2' | 'h3' | 'blockquote'; text: string }
  | { tag: 'li'; list: 'ordered' | 'bullet'; text: string };

/** A block of lines as Quill 2 nests them: a lone line, or consecutive list items in one `<ol>`. */
export type PlaceholderBlock =
  | { kind: 'line'; line: PlaceholderLine }
  | { kind: 'list'; items: PlaceholderLine[] };

function lineOf(text: string, attributes: Record<string, unknown> | undefined): PlaceholderLine {
  const header = attributes?.header;
  if (header === 1 || header === 2 || header === 3) return { tag: `h${header}`, text };
  if (attributes?.list === 'ordered') return { tag: 'li', list: 'ordered', text };
  if (typeof attributes?.list === 'string') return { tag: 'li', list: 'bullet', text };
  if (attributes?.blockquote) return { tag: 'blockquote', text };
  return { tag: 'p', text };
}

/**
 * The essay's lines, for a stand-in drawn with Quill's own classes while Quill loads (so the
 * text shows at once and nothing moves when the editor replaces it): each line keeps the format
 * Quill stores on its newline (heading, list item, quote); embeds are left out; an empty essay is
 * one empty paragraph, as Quill shows it.
 */
export function placeholderBlocks(delta: Delta | null): PlaceholderBlock[] {
  const lines: PlaceholderLine[] = [];
  let text = '';
  for (const op of delta?.ops ?? []) {
    if (typeof op.insert !== 'string') continue;
    const parts = op.insert.split('\n');
    for (let i = 0; i < parts.length - 1; i++) {
      lines.push(lineOf(text + parts[i], op.attributes as Record<string, unknown> | undefined));
      text = '';
    }
    text += parts.at(-1) ?? '';
  }
  if (text || lines.length === 0) lines.push({ tag: 'p', text });
  const blocks: PlaceholderBlock[] = [];
  for (const line of lines) {
    const last = blocks.at(-1);
    if (line.tag === 'li' && last?.kind === 'list') last.items.push(line);
    else if (line.tag === 'li') blocks.push({ kind: 'list', items: [line] });
    else blocks.push({ kind: 'line', line });
  }
  return blocks;
}
