import type { Language, NotificationKind } from '@pw/contract';
import { escapeHtml } from '../../lib/html';
import type { MailMessage } from '../../lib/mailer';
import { pageText } from '../../lib/server-i18n';
import { notificationText } from './notification-text';

export type MailFacts = {
  to: string;
  lang: Language;
  kind: NotificationKind;
  params: Record<string, string | number | null>;
  /** The screen's full address (`https://school.example/courses/…`). */
  link: string;
  org: { name: string; rgb: string };
  /** The one-click unsubscribe address of this person and kind. */
  unsubscribe: string;
};

/**
 * A notification as a mail in the person's language: the organisation's name in the subject and
 * its colour in the HTML part, a plain-text part, the product link, and a one-click unsubscribe
 * for the kind (RFC 8058: `List-Unsubscribe` with `List-Unsubscribe-Post`).
 */
export function notificationMail(facts: MailFacts): MailMessage {
  const { lang, org } = facts;
  const { title, body } = notificationText(facts.kind, facts.params, lang);
  const t = (key: string, params: Record<string, string> = {}) =>
    pageText(lang, `notifications.mail.${key}`, params);
  const text = [
    body,
    '',
    t('open', { link: facts.link }),
    '',
    '--',
    t('footer', { org: org.name }),
    t('unsubscribe', { link: facts.unsubscribe }),
    t('settings'),
  ].join('\n');
  const colour = /^\d{1,3},\d{1,3},\d{1,3}$/.test(org.rgb) ? `rgb(${org.rgb})` : 'rgb(86,70,255)';
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;color:#222">
<div style="border-top:4px solid ${colour};padding:16px 0"><strong style="color:${colour}">${escapeHtml(org.name)}</strong></div>
<h1 style="font-size:18px">${escapeHtml(title)}</h1>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(facts.link)}" style="background:${colour};color:#fff;padding:8px 16px;border-radius:4px;text-decoration:none">${escapeHtml(pageText(lang, 'notifications.mail.open', { link: '' }).replace(/[:：]\s*$/, ''))}</a></p>
<hr><p style="font-size:12px;color:#666">${escapeHtml(t('footer', { org: org.name }))}<br>
<a href="${escapeHtml(facts.unsubscribe)}">${escapeHtml(t('unsubscribe', { link: '' }).replace(/[:：]\s*$/, ''))}</a> · ${escapeHtml(t('settings'))}</p>
</body></html>`;
  return {
    to: facts.to,
    subject: `[${org.name}] ${title}`,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${facts.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
