import { type Anchor, trimSelection } from '@pw/domain/anchors';

/**
 * A DOM point (node, offset) inside an AnchoredEssay as a Quill position: a text node counts from
 * its span's `data-start`; any other point from the spans before it (a reference number counts
 * nothing). Null outside the essay.
 */
export function pointOffset(root: HTMLElement, node: Node, offset: number): number | null {
  if (!root.contains(node)) return null;
  if (node.nodeType === Node.TEXT_NODE) {
    const span = node.parentElement?.closest<HTMLElement>('[data-start]');
    if (span && root.contains(span)) return Number(span.dataset.start) + offset;
  }
  let at = 0;
  for (const span of root.querySelectorAll<HTMLElement>('[data-start]')) {
    const range = document.createRange();
    range.selectNodeContents(span);
    const where = range.comparePoint(node, offset);
    if (where > 0) at = Number(span.dataset.start) + (span.textContent ?? '').length;
    else {
      if (where === 0) at = Number(span.dataset.start);
      break;
    }
  }
  return at;
}

/** The page's selection as an anchor in the essay `root` shows (`text`), else null. */
export function selectionAnchor(root: HTMLElement, text: string): Anchor | null {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  const start = pointOffset(root, range.startContainer, range.startOffset);
  const end = pointOffset(root, range.endContainer, range.endOffset);
  if (start === null || end === null || end <= start) return null;
  return trimSelection(text, start, end - start);
}
