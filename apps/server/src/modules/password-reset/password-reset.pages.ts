import { LANGUAGES, type Language, parseRgb } from '@pw/contract';
import { escapeHtml } from '../../lib/html';
import { pageText } from '../../lib/server-i18n';
import { webFontFaces } from '../../lib/web-fonts';
import type { Organisation } from '../organisations/organisations.service';

export type PageContext = { org: Organisation; lang: Language; path: string };

type Field = {
  name: string;
  label: string;
  type: string;
  value?: string;
  error?: string;
  autocomplete: string;
};

/** The branded frame of every server-rendered page (no script: the CSP allows none inline). */
export function renderPage(ctx: PageContext, title: string, body: string): string {
  const [r, g, b] = parseRgb(ctx.org.rgb);
  const switcher = LANGUAGES.map((l) =>
    l === ctx.lang
      ? `<strong>${escapeHtml(pageText(ctx.lang, `language.${l}`))}</strong>`
      : `<a href="${escapeHtml(`${ctx.path}${ctx.path.includes('?') ? '&' : '?'}lang=${l}`)}" lang="${l}">${escapeHtml(pageText(l, `language.${l}`))}</a>`,
  ).join(' · ');
  return `<!doctype html>
<html lang="${ctx.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(ctx.org.name)}</title>
<style>
${webFontFaces()}
  :root { --brand: rgb(${r} ${g} ${b}); }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; font-family: "Pretendard Variable", Pretendard, "Apple SD Gothic Neo", "Noto Sans KR", "Malgun Gothic", system-ui, sans-serif; background: #f8f9fa; color: #212529; display: flex; flex-direction: column; align-items: center; }
  header { width: 100%; background: var(--brand); color: #fff; padding: 18px 24px; font-weight: 700; font-size: 18px; }
  main { width: 100%; max-width: 440px; margin: 48px 16px; background: #fff; border: 1px solid #dee2e6; border-radius: 16px; padding: 32px; box-shadow: 0 4px 16px rgb(0 0 0 / 6%); }
  h1 { font-size: 24px; margin: 0 0 12px; }
  p { line-height: 1.6; color: #495057; word-break: keep-all; }
  label { display: block; font-weight: 600; font-size: 14px; margin: 16px 0 6px; }
  input, button { font-family: inherit; }
  input { width: 100%; padding: 10px 12px; font-size: 16px; border: 1px solid #ced4da; border-radius: 8px; }
  input:focus { outline: 2px solid var(--brand); border-color: transparent; }
  .error { color: #e03131; font-size: 13px; margin-top: 4px; }
  input[aria-invalid="true"] { border-color: #e03131; }
  button, .button { display: block; width: 100%; margin-top: 24px; padding: 12px; font-size: 16px; font-weight: 600; color: #fff; background: var(--brand); border: 0; border-radius: 8px; cursor: pointer; text-align: center; text-decoration: none; }
  button:focus-visible, .button:focus-visible { outline: 3px solid #000; outline-offset: 2px; }
  .links { margin-top: 20px; font-size: 14px; text-align: center; }
  a { color: var(--brand); }
  footer { margin-bottom: 32px; font-size: 14px; color: #495057; }
</style>
</head>
<body>
<header>${escapeHtml(ctx.org.name)}</header>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
<footer>${switcher}</footer>
</body>
</html>`;
}

/** A POST form with the CSRF field and the given inputs. */
export function renderForm(action: string, csrf: string, fields: Field[], submit: string): string {
  const inputs = fields
    .map((f) => {
      const id = `f-${f.name}`;
      const err = f.error ? `<div class="error" id="${id}-error">${escapeHtml(f.error)}</div>` : '';
      const describedBy = f.error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
      return `<label for="${id}">${escapeHtml(f.label)}</label>
<input id="${id}" name="${f.name}" type="${f.type}" value="${escapeHtml(f.value ?? '')}" autocomplete="${f.autocomplete}" required${describedBy}>${err}`;
    })
    .join('\n');
  return `<form method="post" action="${escapeHtml(action)}" novalidate>
<input type="hidden" name="csrfmiddlewaretoken" value="${escapeHtml(csrf)}">
${inputs}
<button type="submit">${escapeHtml(submit)}</button>
</form>`;
}

export function paragraph(text: string) {
  return `<p>${escapeHtml(text)}</p>`;
}

export function link(href: string, text: string, asButton = false) {
  return asButton
    ? `<a class="button" href="${escapeHtml(href)}">${escapeHtml(text)}</a>`
    : `<div class="links"><a href="${escapeHtml(href)}">${escapeHtml(text)}</a></div>`;
}
