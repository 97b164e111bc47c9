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
