// The answers `public/early-requests.js` asked for while the app's scripts were loading (issue 35).

/** How long after the early requests started their answers may still stand in for the app's own. */
export const EARLY_ANSWER_MS = 30_000;

type Early = {
  headers: Record<string, string>;
  at: number;
  answers: Record<string, Promise<Response>>;
  /** What the app asked for without an early answer: the script does not ask for it after. */
  asked: Record<string, true>;
};

declare global {
  interface Window {
    /** The early requests; null once the app has asked without them (a late script then asks nothing). */
    __pwEarly?: Early | null;
  }
}

const sameHeaders = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/**
 * The early answer to `GET /api/v1<path>`, once: only when it was asked with the headers the app
 * sends now, less than EARLY_ANSWER_MS ago, and the app has changed nothing since (`dropEarlyAnswers`).
 * Else undefined, and the app asks itself.
 */
export function takeEarlyAnswer(
  path: string,
  headers: Record<string, string>,
): Promise<Response> | undefined {
  const early = window.__pwEarly;
  if (early === undefined) {
    // The app's first request came before the early script ran: it asks for nothing then.
    window.__pwEarly = null;
    return undefined;
  }
  if (early === null) return undefined;
  const answer = early.answers[path];
  if (!answer) {
    early.asked[path] = true;
    return undefined;
  }
  delete early.answers[path];
  if (Date.now() - early.at > EARLY_ANSWER_MS || !sameHeaders(early.headers, headers)) return undefined;
  return answer;
}

/** A change (any request but a GET) makes every early answer stale: the app asks again. */
export function dropEarlyAnswers() {
  if (window.__pwEarly) window.__pwEarly.answers = {};
}
