import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The manuals print Korean (the Korean manuals, and the Korean words of the English ones) with the
// app's own font embedded by scripts/build-manuals.mjs. Printed with the machine's fonts instead,
// they used Liberation Sans, which has no Korean glyphs: every Korean word came out as boxes.
const dir = join(import.meta.dirname, '../../apps/web/public/manuals');

describe.each(['instructor-ko', 'instructor-en', 'student-ko', 'student-en'])('the %s manual', (name) => {
  const pdf = readFileSync(join(dir, `${name}.pdf`)).toString('latin1');

  it('draws its text with the embedded app font, not a system font', () => {
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.match(/\/Subtype\s*\/Type3/g)?.length ?? 0).toBeGreaterThan(0);
    expect(pdf.match(/\/BaseFont\s*\/[A-Z]{6}\+[\w-]+/g) ?? []).toEqual([]);
  });
});

describe('the manuals build', () => {
  it('embeds the bundled Korean font', () => {
    const script = readFileSync(join(import.meta.dirname, '../build-manuals.mjs'), 'utf8');
    expect(script).toContain('PretendardVariable.woff2');
    expect(script).not.toContain('Noto Sans CJK');
  });
});
