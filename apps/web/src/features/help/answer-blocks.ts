/**
 * An answer in the help catalog is plain text. A blank line separates blocks; within a block,
 * consecutive lines starting with "- " form a bullet list, consecutive lines starting with "1. ",
 * "2. " … a numbered list, and other lines a paragraph. "[Label]" names a button or menu of the
 * app and is shown emphasised. `scripts/build-manuals.mjs` reads the same format for the manuals.
 */
export type AnswerBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'steps'; items: string[] };

export type InlineSegment = { text: string; strong: boolean };

const BULLET = /^- /;
const STEP = /^\d+\. /;

function lineKind(line: string): AnswerBlock['kind'] {
  if (BULLET.test(line)) return 'bullets';
  if (STEP.test(line)) return 'steps';
  return 'paragraph';
}

export function answerBlocks(answer: string): AnswerBlock[] {
  const blocks: AnswerBlock[] = [];
  let previous: AnswerBlock | undefined;
  for (const raw of answer.split('\n')) {
    const line = raw.trim();
    if (line === '') {
      previous = undefined;
      continue;
    }
    const kind = lineKind(line);
    if (previous?.kind === 'paragraph' && kind === 'paragraph') {
      previous.text = `${previous.text} ${line}`;
    } else if (previous && previous.kind !== 'paragraph' && previous.kind === kind) {
      previous.items.push(line.replace(kind === 'bullets' ? BULLET : STEP, ''));
    } else {
      const block: AnswerBlock =
        kind === 'paragraph'
          ? { kind, text: line }
          : { kind, items: [line.replace(kind === 'bullets' ? BULLET : STEP, '')] };
      blocks.push(block);
      previous = block;
    }
  }
  return blocks;
}

/** Splits "Choose [Sign up] …" into plain and emphasised (button or menu name) segments. */
export function inlineSegments(text: string): InlineSegment[] {
  const segments: InlineSegment[] = [];
  const pattern = /\[([^\]]+)\]/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > last) segments.push({ text: text.slice(last, index), strong: false });
    segments.push({ text: match[1] ?? '', strong: true });
    last = index + match[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), strong: false });
  return segments;
}
