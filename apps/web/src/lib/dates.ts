/** Today's date in the browser's time zone as YYYY-MM-DD (for date inputs and "not in the future"). */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
