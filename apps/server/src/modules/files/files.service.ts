import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FileRef } from '@pw/contract';
import { LIMITS, MAX_FILES_PER_UPLOAD, type UploadExtension } from '@pw/contract';
import { and, eq, getTableName, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { appSettings, files, performances } from '../../db/schema';
import { AppError, validationError } from '../../lib/errors';
import { uploadBytes, uploadsStored } from '../../lib/metrics';
import type { FileStorage } from '../../lib/storage';

/** File types users may upload, with the content type they are served as. */
export const ALLOWED_TYPES: Record<UploadExtension, string> = {
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  txt: 'text/plain; charset=utf-8',
  hwp: 'application/x-hwp',
  hwpx: 'application/hwp+zip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};
const INLINE_TYPES = new Set(['pdf', 'mp4', 'png', 'jpg', 'jpeg', 'gif']);
export const MAX_FILES_PER_REQUEST = MAX_FILES_PER_UPLOAD;
const LINK_TTL_SECONDS = 3600;

export type StoredFile = typeof files.$inferSelect;
export type MultipartForm = { fields: Record<string, string | string[]>; files: StoredFile[] };

function extensionOf(name: string) {
  return name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '';
}

/** A file name safe to store and show: no path, no control characters, at most 200 characters. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  const cleaned = [...base]
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f && ch !== '"')
    .join('')
    .trim();
  return (cleaned || 'file').slice(-200);
}

/**
 * Reads a multipart form (files streamed to storage) and runs `use` with it. Files the use case
 * did not keep, because it threw, are removed again (rows and bytes): a refused form leaves
 * nothing behind.
 */
export async function withUploads<T>(
  request: FastifyRequest,
  deps: { db: Db; storage: FileStorage },
  owner: { organisationId: number; userId: number },
  use: (form: MultipartForm) => Promise<T>,
): Promise<T> {
  const form = await readMultipart(request, deps, owner);
  try {
    return await use(form);
  } catch (error) {
    await discardFiles(deps, form.files);
    throw error;
  }
}

/**
 * A form the use case reads once its permission checks pass, so that someone who may not act
 * is refused before a byte is stored or a field is judged. The route decides how the request
 * becomes the use case's input (`uploadedForm` for multipart, or a JSON body with no files).
 */
export type FormInput<T> = <R>(use: (input: T, files: StoredFile[]) => Promise<R>) => Promise<R>;

/**
 * The multipart form of a request as a `FormInput`: files streamed to storage (owned by the
 * caller in their organisation), text fields turned into the input by `parse`. Files the use
 * case did not keep (it or `parse` threw) are removed again, as with `withUploads`.
 */
export function uploadedForm<T>(
  request: FastifyRequest,
  deps: { db: Db; storage: FileStorage },
  parse: (fields: MultipartForm['fields']) => T,
): FormInput<T> {
  const owner = { organisationId: request.org.id, userId: request.user.id };
  return (use) => withUploads(request, deps, owner, (form) => use(parse(form.fields), form.files));
}

/** A JSON body (already validated by the route, or parsed by `parse` when read) as a `FormInput` without files. */
export function bodyForm<T>(parse: () => T): FormInput<T> {
  return (use) => use(parse(), []);
}

/**
 * Reads a multipart request: text fields (repeated names become arrays) and files streamed to
 * storage (20 MB each, allowed types only). On any failure the files stored so far are removed.
 */
export async function readMultipart(
  request: FastifyRequest,
  deps: { db: Db; storage: FileStorage },
  owner: { organisationId: number; userId: number },
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type');
  const fields: Record<string, string | string[]> = {};
  const stored: StoredFile[] = [];
  const savedKeys: string[] = [];
  try {
    for await (const part of request.parts({
      limits: { fileSize: LIMITS.uploadMaxBytes, files: MAX_FILES_PER_REQUEST },
    })) {
      if (part.type === 'field') {
        // A part with no name (busboy leaves `fieldname` undefined) is a malformed form.
        if (!part.fieldname) throw validationError({ non_field_errors: ['validation.invalid'] });
        const value = String(part.value);
        const key = part.fieldname.replace(/\[\]$/, '');
        const prev = fields[key];
        fields[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
        continue;
      }
      const name = safeFileName(part.filename);
      const ext = extensionOf(name);
      const contentType = (ALLOWED_TYPES as Record<string, string>)[ext];
      if (!contentType) {
        part.file.resume();
        throw validationError({ files: ['validation.file_type'] });
      }
      const saved = await deps.storage.save(String(owner.organisationId), part.file);
      savedKeys.push(saved.key);
      if (part.file.truncated) throw new AppError('payload_too_large');
      if (saved.size === 0) throw validationError({ files: ['validation.file_empty'] });
      const [row] = await deps.db
        .insert(files)
        .values({
          organisationId: owner.organisationId,
          storageKey: saved.key,
          originalName: name,
          contentType,
          size: saved.size,
          uploadedBy: owner.userId,
        })
        .returning();
      if (row) stored.push(row);
    }
  } catch (error) {
    // Best effort: the failure itself (e.g. the store being down) is what the caller hears of.
    await discardFiles(deps, stored).catch(() => {});
    await deps.storage.removeMany(savedKeys).catch(() => {});
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('payload_too_large');
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT')
      throw validationError({ files: ['validation.too_many'] });
    throw error;
  }
  uploadsStored.inc(stored.length);
  uploadBytes.inc(stored.reduce((sum, f) => sum + f.size, 0));
  return { fields, files: stored };
}

/** Deletes file rows and their bytes (used when an upload fails or an owner removes files). */
export async function discardFiles(
  deps: { db: Db; storage: FileStorage },
  rows: Pick<StoredFile, 'id' | 'storageKey'>[],
) {
  if (rows.length === 0) return;
  await deps.db.delete(files).where(
    inArray(
      files.id,
      rows.map((r) => r.id),
    ),
  );
  await deps.storage.removeMany(rows.map((r) => r.storageKey));
}

/** Loads (once per process) the secret that signs file links; shared by every server through the database. */
export async function loadSigningSecret(db: Db): Promise<string> {
  await db
    .insert(appSettings)
    .values({ key: 'file_link_secret', value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'file_link_secret'));
  if (!row) throw new Error('no signing secret');
  return row.value;
}

function sign(secret: string, orgId: number, fileId: number, exp: number) {
  return createHmac('sha256', secret).update(`${orgId}.${fileId}.${exp}`).digest('base64url');
}

/** A link to a file for someone allowed to see it now; it works for an hour. */
export function fileLink(
  secret: string,
  file: Pick<StoredFile, 'id' | 'organisationId' | 'originalName' | 'size'>,
): FileRef {
  const exp = Math.floor(Date.now() / 1000) + LINK_TTL_SECONDS;
  return {
    id: file.id,
    name: file.originalName,
    size: file.size,
    file: `/api/v1/files/${file.id}/?exp=${exp}&sig=${sign(secret, file.organisationId, file.id, exp)}`,
  };
}

/** A file attached to a performance, as `attachedFilesOfPerformance` gives it. */
export type AttachedFile = Pick<StoredFile, 'id' | 'organisationId' | 'originalName' | 'size'>;

/**
 * The files attached to the performance of the row, by id, as a JSON column of a query on
 * `performances`: the work and its files in one statement. The outer row's id is named with its
 * table: a query on `performances` alone renders its columns bare, and a bare "id" inside this
 * subquery would be the file's (the report then showed no attachments).
 */
const outerPerformanceId = sql`${sql.identifier(getTableName(performances))}.${sql.identifier(performances.id.name)}`;
export const attachedFilesOfPerformance = sql<AttachedFile[]>`(select coalesce(json_agg(json_build_object(
  'id', f.id, 'organisationId', f.organisation_id, 'originalName', f.original_name, 'size', f.size)
  order by f.id), '[]'::json)
  from performance_files pf join files f on f.id = pf.file_id where pf.performance_id = ${outerPerformanceId})`;

/** Checks a signed link and returns the file row, or throws 404. */
export async function findSignedFile({
  db,
  secret,
  orgId,
  fileId,
  exp,
  sig,
}: {
  db: Db;
  secret: string;
  orgId: number;
  fileId: number;
  /** The link's expiry (seconds since the epoch) and signature, from its query. */
  exp: number;
  sig: string;
}) {
  const expected = sign(secret, orgId, fileId, exp);
  const valid =
    exp >= Math.floor(Date.now() / 1000) &&
    sig.length === expected.length &&
    timingSafeEqual(Buffer.from(sig), Buffer.from(expected));
  if (!valid) throw new AppError('not_found');
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.organisationId, orgId)))
    .limit(1);
  if (!row) throw new AppError('not_found');
  return row;
}

/** Content-Disposition for a stored name: inline for viewable types, with an RFC 5987 UTF-8 name. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const kind = INLINE_TYPES.has(extensionOf(name)) ? 'inline' : 'attachment';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
