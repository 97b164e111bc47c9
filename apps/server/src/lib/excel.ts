/**
 * Workbooks for the exports (results, stages of learners, the manager's lists), written with
 * write-excel-file (docs/decisions.md: it replaced ExcelJS, which with its archiver, unzipper and
 * CSV trees was about 35 MB of every install for a writer we only write plain sheets with).
 * Loaded with the first export rather than at start: a server that never exports never loads it.
 */
export type SheetCell = string | number | null | undefined;

export interface SheetColumn {
  /** The header's text (written in bold in the first row). */
  header: string;
  /** The key of the value in each row. */
  key: string;
  /** The column's width in characters. */
  width: number;
}

export interface WorkbookSheet {
  /** The sheet's name as Excel allows it (see `sheetName`). */
  name: string;
  columns: readonly SheetColumn[];
  rows: Iterable<Readonly<Record<string, SheetCell>>>;
}

let loading: Promise<typeof import('write-excel-file/node')> | undefined;

async function loadWriter() {
  loading ??= import('write-excel-file/node');
  return (await loading).default;
}

/**
 * One cell as the writer takes it: numbers stay numbers, text stays text (never read as a
 * formula), an absent value leaves the cell empty.
 */
function cell(value: SheetCell) {
  if (value === null || value === undefined || value === '') return null;
  return typeof value === 'number' ? { value, type: Number } : { value, type: String };
}

/** The sheets as one `.xlsx` file: a bold header row, then one row per item, in the given order. */
export async function writeWorkbook(sheets: readonly WorkbookSheet[]): Promise<Buffer> {
  const write = await loadWriter();
  return write(
    sheets.map((sheet) => ({
      sheet: sheet.name,
      columns: sheet.columns.map((c) => ({ width: c.width })),
      stickyRowsCount: 1,
      data: [
        sheet.columns.map((c) => ({ value: c.header, type: String, fontWeight: 'bold' as const })),
        ...Array.from(sheet.rows, (row) => sheet.columns.map((c) => cell(row[c.key]))),
      ],
    })),
  ).toBuffer();
}
