import type { Delta } from '@pw/contract';

// Unsaved text kept in the browser, per performance, so nothing typed is lost to a reload, a
// closed tab or a failed save. Cleared once the server has stored the text.

export type WorkDraft = { delta: Delta; text: string; retrospective?: string; version: number; at: number };

const keyOf = (performanceId: number) => `pw.work-draft.${performanceId}`;

export function readDraft(performanceId: number): WorkDraft | null {
  try {
    const raw = localStorage.getItem(keyOf(performanceId));
    if (!raw) return null;
    const draft = JSON.parse(raw) as WorkDraft;
    return Array.isArray(draft?.delta?.ops) && typeof draft.text === 'string' ? draft : null;
  } catch {
    return null;
  }
}

export function writeDraft(performanceId: number, draft: WorkDraft) {
  try {
    localStorage.setItem(keyOf(performanceId), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the text stays in the page.
  }
}

export function clearDraft(performanceId: number) {
  try {
    localStorage.removeItem(keyOf(performanceId));
  } catch {
    // ignore
  }
}

/** A Delta holding plain text (the starting point when only text is known). */
export function textDelta(text: string): Delta {
  return { ops: [{ insert: text.endsWith('\n') ? text : `${text}\n` }] };
}

/** Runs `show` once per page address, one second after the call (part 2 §4 question reminder). */
export function remindOnce(url: string, show: () => void) {
  const key = `pw.question-reminder.${url}`;
  try {
    if (localStorage.getItem(key)) return;
    localStorage.setItem(key, '1');
  } catch {
    // Without storage, remind anyway.
  }
  window.setTimeout(show, 1000);
}

/** The editor width at a zoom level 0..2 (part 2 §9): 100 − 12.5 × (2 − level) percent. */
export const zoomWidth = (level: number) => 100 - 12.5 * (2 - Math.max(0, Math.min(2, level)));
