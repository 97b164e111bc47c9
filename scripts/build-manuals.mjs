// Builds the downloadable manuals (part 1 §1, §2 `/helps`) as PDF files in apps/web/public/manuals:
// instructor-ko.pdf, instructor-en.pdf, student-ko.pdf, student-en.pdf.
//
// Sources: scripts/manuals/content.<lang>.json (the manual chapters) and the help page's Q&A in
// apps/web/src/locales/<lang>/help.json (appended as the FAQ). The HTML is printed to PDF by
// Debian's Chromium through playwright-core.
//
// Usage: node scripts/build-manuals.mjs
// Env:   CHROMIUM_PATH (default /usr/bin/chromium)

import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'apps/web/public/manuals');
const LANGUAGES = ['ko', 'en'];
const KINDS = ['instructor', 'student'];
/** Fixed document dates, so that rebuilding unchanged content gives byte-identical files. */
const PDF_DATE = 'D:20260901000000Z';

/** Pretendard (OFL), the font the app ships, so that Korean prints in both languages' manuals. */
// The whole font (the app ships only subsets): from the `pretendard` package, which a normal
// install leaves out (98 MB). `npm i --no-save pretendard@1.3.9`, or PRETENDARD_FONT=<file>.
const FONT_FILE =
  process.env.PRETENDARD_FONT ??
  join(root, 'node_modules/pretendard/dist/web/variable/woff2/PretendardVariable.woff2');
if (!existsSync(FONT_FILE)) {
  console.error(
    `No Pretendard font at ${FONT_FILE}: run \`npm i --no-save pretendard@1.3.9\` (or set PRETENDARD_FONT) first.`,
  );
  process.exit(1);
}
const FONT_BASE64 = readFileSync(FONT_FILE).toString('base64');

const readJson = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));

function escapeHtml(text) {
  return String(text)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** Escapes, then shows "[Button]" names of the app in bold (the help catalog's convention). */
function inline(text) {
  return escapeHtml(text)
    .replace(/\[([^\]]+)\]/g, '<strong>$1</strong>')
    .replaceAll('✎', PENCIL);
}

/**
 * The score table's mark of an adjusted cell (✎), drawn: the embedded font has no such glyph, and
 * Chromium would print it from a system font (the manuals test allows the app font only).
 */
const PENCIL =
  '<svg class="mark" viewBox="0 0 16 16" width="0.9em" height="0.9em" role="img" aria-label="✎">' +
  '<path d="M11.5 1.5l3 3L5 14H2v-3z M10 3l3 3" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linejoin="round"/></svg>';

/**
 * The help catalog's answer format (see apps/web/src/features/help/answer-blocks.ts): blank lines
 * separate blocks; runs of "- " lines are bullets, runs of "1. " lines are steps, others paragraphs.
 */
function answerBlocks(answer) {
  const blocks = [];
  let previous;
  for (const raw of answer.split('\n')) {
    const line = raw.trim();
    if (line === '') {
      previous = undefined;
      continue;
    }
    const kind = /^- /.test(line) ? 'list' : /^\d+\. /.test(line) ? 'steps' : 'p';
    const body = line.replace(/^(- |\d+\. )/, '');
    if (previous && previous.kind === kind) {
      if (kind === 'p') previous.text += ` ${body}`;
      else previous.items.push(body);
    } else {
      previous = kind === 'p' ? { kind, text: body } : { kind, items: [body] };
      blocks.push(previous);
    }
  }
  return blocks.map((block) => (block.kind === 'p' ? { p: block.text } : { [block.kind]: block.items }));
}

function renderTable({ head, rows }, className = '') {
  const cols = head.length;
  for (const row of rows) {
    if (row.length !== cols)
      throw new Error(`table row ${JSON.stringify(row)} has ${row.length} cells, not ${cols}`);
  }
  return `<table class="${className}"><thead><tr>${head.map((h) => `<th>${inline(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((row) => `<tr>${row.map((cell) => `<td>${inline(cell)}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
}

function renderBlock(block, labels) {
  if ('p' in block) return `<p>${inline(block.p)}</p>`;
  if ('h3' in block) return `<h3>${inline(block.h3)}</h3>`;
  if ('steps' in block)
    return `<ol class="steps">${block.steps.map((s) => `<li>${inline(s)}</li>`).join('')}</ol>`;
  if ('list' in block)
    return `<ul class="bullets">${block.list.map((s) => `<li>${inline(s)}</li>`).join('')}</ul>`;
  if ('table' in block) return renderTable(block.table);
  if ('tip' in block) return `<aside class="callout tip"><b>${labels.tip}</b>${inline(block.tip)}</aside>`;
  if ('note' in block)
    return `<aside class="callout note"><b>${labels.note}</b>${inline(block.note)}</aside>`;
  throw new Error(`unknown block ${JSON.stringify(block)}`);
}

const CALLOUT_LABELS = { ko: { tip: '도움말', note: '알아 두기' }, en: { tip: 'Tip', note: 'Note' } };

function buildHtml(lang, kind) {
  const content = readJson(`scripts/manuals/content.${lang}.json`);
  const help = readJson(`apps/web/src/locales/${lang}/help.json`).help;
  const manual = content.manuals[kind];
  const labels = CALLOUT_LABELS[lang];
  const accent = manual.accent;
  const docTitle = `${content.product} ${manual.title}`;

  const chapters = [
    ...manual.sections.map((section) => ({
      title: section.title,
      html: section.blocks.map((b) => renderBlock(b, labels)).join('\n'),
    })),
    {
      title: content.faq,
      className: 'faq',
      html: [
        `<p class="lead">${inline(content.faqIntro)}</p>`,
        ...manual.faqTabs.map((tabId) => {
          const tab = help.tabs[tabId];
          if (!tab) throw new Error(`help.json (${lang}) has no tab ${tabId}`);
          const items = Object.values(tab.items)
            .map(
              (item) =>
                `<div class="qa"><p class="q">${inline(item.question)}</p>${answerBlocks(item.answer)
                  .map((b) => renderBlock(b, labels))
                  .join('')}</div>`,
            )
            .join('');
          return `<h3>${inline(tab.label)}</h3>${items}`;
        }),
      ].join('\n'),
    },
    {
      title: content.limitsTitle,
      html: renderTable({ head: content.limitsHead, rows: content.limits }, 'limits'),
    },
  ];

  const toc = chapters.map((c, i) => `<li><span class="num">${i + 1}</span>${inline(c.title)}</li>`).join('');
  const body = chapters
    .map(
      (c, i) =>
        `<section class="chapter ${c.className ?? ''}"><h2><span class="num">${i + 1}</span>${inline(c.title)}</h2>\n${c.html}</section>`,
    )
    .join('\n');

  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(docTitle)}</title>
<style>
  /* The app's bundled Korean + Latin font, embedded: the machine that prints may have no Korean font. */
  @font-face {
    font-family: "Pretendard Manual";
    src: url(data:font/woff2;base64,${FONT_BASE64}) format("woff2");
    font-weight: 45 920;
  }
  @page {
    size: A4;
    margin: 18mm 17mm 20mm 17mm;
    @bottom-left { content: "${escapeHtml(docTitle)}"; font-family: "Pretendard Manual", sans-serif; font-size: 8pt; color: #868e96; }
    @bottom-right { content: counter(page) " / " counter(pages); font-family: "Pretendard Manual", sans-serif; font-size: 8pt; color: #868e96; }
  }
  @page :first {
    margin: 0;
    @bottom-left { content: none; }
    @bottom-right { content: none; }
  }
  * { box-sizing: border-box; }
  html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  body {
    margin: 0;
    font-family: "Pretendard Manual", sans-serif;
    font-size: 9.5pt;
    line-height: 1.6;
    color: #212529;
    word-break: ${lang === 'ko' ? 'keep-all' : 'normal'};
    overflow-wrap: break-word;
  }
  .cover { height: 297mm; display: flex; flex-direction: column; break-after: page; }
  .cover .band { background: ${accent}; color: #fff; padding: 34mm 22mm 16mm; }
  .cover .product { font-size: 13pt; font-weight: 700; letter-spacing: 0.08em; opacity: 0.85; margin: 0 0 6mm; }
  .cover h1 { font-size: 30pt; line-height: 1.25; margin: 0 0 5mm; }
  .cover .subtitle { font-size: 12.5pt; margin: 0; opacity: 0.95; }
  .cover .audience { margin: 8mm 0 0; display: inline-block; border: 1px solid rgba(255,255,255,0.7); border-radius: 999px; padding: 1.5mm 5mm; font-size: 9.5pt; }
  .cover .toc { padding: 14mm 22mm 0; flex: 1; }
  .cover .toc h2 { font-size: 12pt; color: ${accent}; margin: 0 0 4mm; border: 0; padding: 0; }
  .cover .toc ol { list-style: none; margin: 0; padding: 0; }
  .cover .toc li { display: flex; gap: 4mm; align-items: baseline; padding: 2.2mm 0; border-bottom: 1px solid #e9ecef; font-size: 11pt; }
  .cover .toc .num { color: ${accent}; font-weight: 700; min-width: 7mm; }
  .cover .foot { padding: 0 22mm 16mm; font-size: 9pt; color: #868e96; display: flex; justify-content: space-between; }
  h2 { font-size: 16pt; line-height: 1.3; margin: 0 0 4mm; padding-bottom: 2.5mm; border-bottom: 2px solid ${accent}; break-after: avoid; display: flex; gap: 3mm; align-items: baseline; }
  h2 .num { color: ${accent}; }
  h3 { font-size: 11.5pt; margin: 6mm 0 2mm; color: #212529; break-after: avoid; }
  h3::before { content: ""; display: inline-block; width: 1.2mm; height: 3.6mm; background: ${accent}; margin-right: 2mm; vertical-align: -0.4mm; border-radius: 1px; }
  .chapter { margin-bottom: 9mm; }
  p { margin: 0 0 3mm; }
  p.lead { color: #495057; break-after: avoid; }
  strong { color: ${accent}; font-weight: 700; }
  ol.steps { list-style: none; counter-reset: step; margin: 0 0 4mm; padding: 0; }
  ol.steps li { counter-increment: step; position: relative; padding: 0 0 1.8mm 9mm; break-inside: avoid; }
  ol.steps li::before {
    content: counter(step); position: absolute; left: 0; top: 0.6mm; width: 5.6mm; height: 5.6mm; border-radius: 50%;
    background: ${accent}; color: #fff; font-size: 8pt; font-weight: 700; line-height: 5.6mm; text-align: center;
  }
  ul.bullets { margin: 0 0 4mm; padding-left: 5mm; }
  ul.bullets li { margin-bottom: 1.2mm; break-inside: avoid; }
  ul.bullets li::marker { color: ${accent}; }
  table { width: 100%; border-collapse: collapse; margin: 1mm 0 5mm; font-size: 8.8pt; line-height: 1.5; break-inside: avoid; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; }
  th { background: ${accent}; color: #fff; text-align: left; font-weight: 700; padding: 2mm 2.5mm; }
  td { border-bottom: 1px solid #dee2e6; padding: 2mm 2.5mm; vertical-align: top; }
  tbody tr:nth-child(even) td { background: #f8f9fa; }
  td:first-child { font-weight: 700; white-space: nowrap; }
  table.limits td:first-child { white-space: normal; width: 45%; }
  td strong { color: inherit; }
  .callout { border-radius: 2mm; padding: 3mm 4mm; margin: 0 0 4mm; break-inside: avoid; font-size: 9pt; }
  .callout b { display: block; margin-bottom: 0.8mm; }
  .callout.tip { background: #ebfbee; border-left: 1.2mm solid #2f9e44; }
  .callout.tip b { color: #2b8a3e; }
  .callout.note { background: #fff9db; border-left: 1.2mm solid #f08c00; }
  .callout.note b { color: #e67700; }
  .qa { break-inside: avoid; padding: 3mm 0 1mm; border-bottom: 1px solid #e9ecef; }
  .qa p.q { font-weight: 700; margin-bottom: 1.5mm; }
  .qa p.q::before { content: "Q. "; color: ${accent}; }
  .qa p, .qa li { font-size: 9pt; }
</style>
</head>
<body>
<div class="cover">
  <div class="band">
    <p class="product">${escapeHtml(content.product)}</p>
    <h1>${inline(manual.title)}</h1>
    <p class="subtitle">${inline(manual.subtitle)}</p>
    <span class="audience">${inline(manual.audience)}</span>
  </div>
  <div class="toc"><h2>${inline(content.contents)}</h2><ol>${toc}</ol></div>
  <div class="foot"><span>${escapeHtml(content.edition)}</span><span>${escapeHtml(content.product)}</span></div>
</div>
${body}
</body>
</html>`;
}

/** Pins the creation and modification dates Chromium writes (same length, so offsets stay valid). */
function pinDates(pdf) {
  let text = pdf.toString('latin1');
  text = text.replace(/\/(CreationDate|ModDate) \(D:[0-9+\-'Z]+\)/g, (match, key) => {
    const fixed = `/${key} (${PDF_DATE})`;
    return fixed.length <= match.length ? fixed.padEnd(match.length, ' ') : match;
  });
  return Buffer.from(text, 'latin1');
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage();
    for (const kind of KINDS) {
      for (const lang of LANGUAGES) {
        await page.setContent(buildHtml(lang, kind), { waitUntil: 'load' });
        await page.evaluate(() => document.fonts.ready);
        const pdf = await page.pdf({
          format: 'A4',
          printBackground: true,
          preferCSSPageSize: true,
          margin: { top: '18mm', right: '17mm', bottom: '20mm', left: '17mm' },
        });
        const file = join(outDir, `${kind}-${lang}.pdf`);
        writeFileSync(file, pinDates(pdf));
        console.log(`${relative(root, file)}  ${(statSync(file).size / 1024).toFixed(0)} KB`);
      }
    }
  } finally {
    await browser.close();
  }
}

await main();
