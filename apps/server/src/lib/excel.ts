/**
 * ExcelJS, loaded with the first export rather than at start (it adds about 0.3 s to every
 * start and some memory to a server that may never export).
 */
let loading: Promise<typeof import('exceljs')> | undefined;

export async function loadExcel() {
  loading ??= import('exceljs');
  const module = await loading;
  // CommonJS seen through ESM: the namespace's default is the library.
  return (module as unknown as { default: typeof import('exceljs') }).default ?? module;
}

/** The one style object every plain data cell shares (see `commitPlain`). */
const PLAIN_STYLE = {};

/**
 * Commits a data row whose cells carry no style of their own. ExcelJS gives each new cell its own
 * style object and, with styles on (for the bold header), renders and hashes every one of them to
 * find its style id; cells sharing one object are looked up once. A 200-learner workbook is made
 * a third faster. Dates keep their own style (it carries their date format).
 */
export function commitPlain(row: {
  eachCell: (fn: (cell: { style: object; value: unknown }) => void) => void;
  commit: () => void;
}) {
  row.eachCell((cell) => {
    if (!(cell.value instanceof Date)) cell.style = PLAIN_STYLE;
  });
  row.commit();
}
