// The browser tests' split into parts of about equal time (scripts/test.mjs).

/**
 * The browser test files in `parts` groups of about equal time: each file, longest first, goes to
 * the group with the least time so far (by e2e/timings.json, the seconds each file took; a file not
 * listed counts as the median of those listed). Playwright's own --shard splits by the number of
 * tests, which put the accessibility scans and 60 % of the time in the first part.
 */
export function splitByTime(files, timings, parts) {
  const listed = files
    .map((f) => timings[f])
    .filter((s) => typeof s === 'number')
    .sort((a, b) => a - b);
  const median = listed.length > 0 ? listed[Math.floor(listed.length / 2)] : 1;
  const secondsOf = (f) => (typeof timings[f] === 'number' ? timings[f] : median);
  const groups = Array.from({ length: parts }, () => ({ seconds: 0, files: [] }));
  const longestFirst = [...files].sort((a, b) => secondsOf(b) - secondsOf(a) || a.localeCompare(b));
  for (const file of longestFirst) {
    const lightest = groups.reduce((min, g) => (g.seconds < min.seconds ? g : min));
    lightest.files.push(file);
    lightest.seconds += secondsOf(file);
  }
  return groups.filter((g) => g.files.length > 0);
}
