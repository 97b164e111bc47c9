import { LIMITS, MAX_FILES_PER_UPLOAD, UPLOAD_EXTENSIONS } from '@pw/contract';

/** A file size for people: B, KB or MB with one decimal. */
export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
}

/** Splits chosen files into those within the 20MB upload limit and those over it (part 1 §9). */
export function splitBySize(files: readonly File[]): { ok: File[]; tooLarge: File[] } {
  const ok: File[] = [];
  const tooLarge: File[] = [];
  for (const file of files) (file.size > LIMITS.uploadMaxBytes ? tooLarge : ok).push(file);
  return { ok, tooLarge };
}

/** Appends each value under the same field name, as multipart lists are sent. */
export function appendAll(form: FormData, name: string, values: readonly (string | number | Blob)[]) {
  for (const value of values) form.append(name, value instanceof Blob ? value : String(value));
}

/** The file picker's filter: the extensions the server accepts (it checks them too). */
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((ext) => `.${ext}`).join(',');

export { MAX_FILES_PER_UPLOAD };
