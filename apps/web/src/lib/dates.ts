/** Today's date in the browser's time zone as YYYY-MM-DD (for date inputs and "not in the future"). */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

function pad(n: number) {
  return String(n).padStart(2, '0');
}

/** A timestamp as YYYY-MM-DD in the browser's time zone (part 1 §9); empty when unparseable. */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : localToday(d);
}

/** A timestamp as YYYY-MM-DD HH:mm in the browser's time zone (part 1 §9). */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${localToday(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
