import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HELP_TABS, MANUAL_KINDS, manualHref, manualLanguage } from './help-catalog';

const LANGS = ['ko', 'en'] as const;
const publicDir = new URL('../../../public/', import.meta.url);
const scriptsDir = new URL('../../../../../scripts/manuals/', import.meta.url);

type QA = { question: string; answer: string };
type HelpCatalog = {
  help: { tabs: Record<string, { label: string; description: string; items: Record<string, QA> }> };
};

function catalog(lang: string): HelpCatalog {
  return JSON.parse(readFileSync(new URL(`../../locales/${lang}/help.json`, import.meta.url), 'utf8'));
}

describe('downloadable manuals', () => {
  it.each(MANUAL_KINDS.flatMap((kind) => LANGS.map((lang) => [kind, lang] as const)))(
    '%s-%s.pdf is a real PDF of modest size',
    (kind, lang) => {
      const href = manualHref(kind, lang);
      expect(href).toBe(`/manuals/${kind}-${lang}.pdf`);
      const file = new URL(`.${href}`, publicDir);
      const size = statSync(file).size;
      expect(size).toBeGreaterThan(50 * 1024);
      expect(size).toBeLessThan(1.5 * 1024 * 1024);
      const bytes = readFileSync(file);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(bytes.subarray(-1024).toString('latin1')).toContain('%%EOF');
    },
  );

  it('picks the manual in the interface language, Korean by default', () => {
    expect(manualLanguage('en')).toBe('en');
    expect(manualLanguage('en-US')).toBe('en');
    expect(manualLanguage('ko')).toBe('ko');
    expect(manualLanguage(undefined)).toBe('ko');
    expect(manualHref('student', 'en')).toBe('/manuals/student-en.pdf');
  });
});

describe.each(LANGS)('help catalog (%s)', (lang) => {
  const tabs = catalog(lang).help.tabs;

  it('has exactly the four topics of the spec, in the page order', () => {
    expect(Object.keys(tabs)).toEqual(HELP_TABS.map((tab) => tab.id));
  });

  it.each(HELP_TABS.map((tab) => [tab.id, tab.items] as const))(
    'topic %s has at least 4 Q&A items, all shown by the page, none empty',
    (id, items) => {
      const tab = tabs[id];
      expect(tab?.label.trim()).not.toBe('');
      const entries = Object.entries(tab?.items ?? {});
      expect(entries.length).toBeGreaterThanOrEqual(4);
      expect(entries.map(([key]) => key)).toEqual([...items]);
      for (const [key, qa] of entries) {
        expect(qa.question.trim(), `${id}.${key}.question`).not.toBe('');
        expect(qa.answer.trim(), `${id}.${key}.answer`).not.toBe('');
      }
    },
  );

  it('has about 20 Q&A items in total', () => {
    const total = Object.values(tabs).reduce((sum, tab) => sum + Object.keys(tab.items).length, 0);
    expect(total).toBeGreaterThanOrEqual(20);
    expect(total).toBeLessThanOrEqual(28);
  });
});

describe('manual sources (scripts/manuals)', () => {
  type Block = Record<string, unknown>;
  type Manual = { title: string; faqTabs: string[]; sections: { title: string; blocks: Block[] }[] };
  type Content = { limits: string[][]; manuals: Record<string, Manual> };
  const content = (lang: string): Content =>
    JSON.parse(readFileSync(new URL(`content.${lang}.json`, scriptsDir), 'utf8'));

  /** The structure without the words: block kinds, list lengths, table sizes. */
  const shape = (c: Content) =>
    Object.fromEntries(
      Object.entries(c.manuals).map(([kind, manual]) => [
        kind,
        {
          faqTabs: manual.faqTabs,
          sections: manual.sections.map((section) =>
            section.blocks.map((block) => {
              const [type, value] = Object.entries(block)[0] ?? [];
              if (Array.isArray(value)) return `${type}:${value.length}`;
              if (type === 'table') {
                const table = value as { head: string[]; rows: string[][] };
                return `table:${table.head.length}x${table.rows.map((row) => row.length).join(',')}`;
              }
              return type;
            }),
          ),
        },
      ]),
    );

  it('Korean and English manuals have the same structure', () => {
    const ko = content('ko');
    const en = content('en');
    expect(Object.keys(ko.manuals).sort()).toEqual([...MANUAL_KINDS].sort());
    expect(shape(en)).toEqual(shape(ko));
    expect(en.limits.length).toBe(ko.limits.length);
  });

  it('the manuals reuse only topics the help page has', () => {
    const ids: string[] = HELP_TABS.map((tab) => tab.id);
    for (const manual of Object.values(content('ko').manuals)) {
      for (const tab of manual.faqTabs) expect(ids).toContain(tab);
    }
  });
});
