import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeWorkbook } from './excel';

// Read back with another library (ExcelJS, a test-only dependency): what a spreadsheet program sees.
async function read(book: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(book as unknown as ArrayBuffer);
  return workbook;
}

describe('writeWorkbook', () => {
  it('writes each sheet with a bold header, its rows in order, numbers as numbers and text never as a formula', async () => {
    const book = await writeWorkbook([
      {
        name: '과제 점수',
        columns: [
          { header: '이름', key: 'name', width: 16 },
          { header: 'Score', key: 'score', width: 10 },
          { header: 'Note', key: 'note', width: 30 },
        ],
        rows: [
          { name: '김민준', score: 87.5, note: '=HYPERLINK("http://evil.example","x")' },
          { name: 'Lee', score: null, note: undefined },
        ],
      },
      { name: 'Weights', columns: [{ header: 'Weight', key: 'w', width: 8 }], rows: [{ w: 0 }] },
    ]);
    const workbook = await read(book);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['과제 점수', 'Weights']);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '이름', 'Score', 'Note']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).font?.bold).not.toBe(true);
    expect(sheet.getRow(2).getCell(2).value).toBe(87.5);
    // Text that looks like a formula stays text.
    expect(sheet.getRow(2).getCell(3).value).toBe('=HYPERLINK("http://evil.example","x")');
    expect(sheet.getRow(2).getCell(3).type).toBe(ExcelJS.ValueType.String);
    // Absent values leave the cells empty.
    expect(sheet.getRow(3).getCell(1).value).toBe('Lee');
    expect(sheet.getRow(3).getCell(2).value).toBeNull();
    expect(sheet.getRow(3).getCell(3).value).toBeNull();
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getColumn(3).width).toBe(30);
    // Zero is a value, not an empty cell.
    expect(workbook.worksheets[1]!.getRow(2).getCell(1).value).toBe(0);
  });

  it('writes a sheet with no rows as its header alone', async () => {
    const workbook = await read(
      await writeWorkbook([{ name: 'Empty', columns: [{ header: 'A', key: 'a', width: 5 }], rows: [] }]),
    );
    expect(workbook.worksheets[0]!.rowCount).toBe(1);
    expect(workbook.worksheets[0]!.getRow(1).getCell(1).value).toBe('A');
  });
});
