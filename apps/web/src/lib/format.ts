/** Splits a number of milliseconds into days, hours, minutes and seconds (never negative). */
export function splitDuration(ms: number) {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86400),
    hours: Math.floor((total % 86400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** `MM/DD HH:mm` in the browser's time zone (part 2 §9 timelines); empty when unparseable. */
export function formatShortDateTime(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getMonth() + 1)}/${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** A score or average with one decimal (7.25 → "7.3", 7 → "7"); a dash where there is none. */
export function formatOneDecimal(n: number | null | undefined): string {
  return n == null ? '–' : (Math.round(n * 10) / 10).toString();
}
