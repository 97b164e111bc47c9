import {
  APP_TIMEZONE,
  type Language,
  type Notification,
  type NotificationKind,
  stageLabel,
} from '@pw/contract';
import { pageText } from '../../lib/server-i18n';

type Row = {
  id: number;
  kind: string;
  params: Record<string, string | number | null>;
  link: string;
  createdAt: Date;
  readAt: Date | null;
};

/** A deadline as the reader reads it: in the product's time zone, named. */
export function formatDeadline(iso: string, lang: Language) {
  return new Intl.DateTimeFormat(lang === 'ko' ? 'ko-KR' : 'en-GB', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: APP_TIMEZONE,
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** The title and body of a notification in a language, from its kind and facts. */
export function notificationText(kind: NotificationKind, params: Row['params'], lang: Language) {
  const filled: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) if (value !== null) filled[key] = value;
  if (typeof params.stage === 'string') filled.stage = stageLabel(lang, params.stage);
  if (typeof params.deadline === 'string') filled.deadline = formatDeadline(params.deadline, lang);
  const bodyKey =
    kind === 'stage_open' && params.deadline === null
      ? 'bodyOpen'
      : kind === 'reviews_short' && params.received === 0
        ? 'bodyNone'
        : 'body';
  // Scores that changed after completion (a recomputation) say so.
  const titleKey = kind === 'scores_ready' && params.changed ? 'titleChanged' : 'title';
  let body = pageText(lang, `notifications.${kind}.${bodyKey}`, filled);
  // The digest names only what is left: those who never opened the assignment, the peer reviews
  // not yet written (in a peer-review stage), each where there are any.
  if (kind === 'digest') {
    if (Number(params.notStarted) > 0) body += pageText(lang, 'notifications.digest.notOpened', filled);
    if (Number(params.openReviews) > 0) body += pageText(lang, 'notifications.digest.openReviews', filled);
  }
  return { title: pageText(lang, `notifications.${kind}.${titleKey}`, filled), body };
}

/** A stored notification as the API answers it. */
export function notificationView(row: Row, lang: Language): Notification {
  const kind = row.kind as NotificationKind;
  return {
    id: row.id,
    kind,
    ...notificationText(kind, row.params, lang),
    link: row.link,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  };
}
