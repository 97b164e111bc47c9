import { readFileSync } from 'node:fs';
import { join } from 'node:path';

let faces = '';

/**
 * Takes the web build's `@font-face` rules (Pretendard's subsets, each with its unicode-range, so
 * a browser fetches only the subsets a page's text uses) from the stylesheet index.html links, for
 * the pages the server renders itself (password reset, LMS launches): without them, a machine with
 * no Korean font of its own shows Korean as empty boxes. No build, no rules: the system's fonts.
 */
export function loadWebFontFaces(distDir: string): void {
  try {
    const html = readFileSync(join(distDir, 'index.html'), 'utf8');
    const link = /<link[^>]*rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"/.exec(html);
    if (!link?.[1]) return;
    const css = readFileSync(join(distDir, link[1]), 'utf8');
    faces = (css.match(/@font-face\{[^}]*\}/g) ?? []).join('\n');
  } catch {
    faces = '';
  }
}

/** The rules loadWebFontFaces found (empty before it ran or without a build). */
export function webFontFaces(): string {
  return faces;
}
