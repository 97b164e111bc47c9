import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { AppError } from '../../lib/errors';
import type { ByteRange, FileStorage } from '../../lib/storage';

/** What the route sends: status, headers and the body stream (empty for HEAD and 304). */
export type ServedFile = { status: 200 | 206 | 304; headers: Record<string, string>; body: Readable };

/** The tokens of a list header (`"a", W/"b"`), as static file servers read them. */
function tokens(value: string): string[] {
  return value
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

const matches = (list: string, etag: string) => tokens(list).some((t) => t === etag || `W/${t}` === etag);

/** 412: If-Match names another version, or the object changed after If-Unmodified-Since. */
function preconditionFails(h: IncomingHttpHeaders, etag: string, modified: number) {
  const ifMatch = h['if-match'];
  if (ifMatch && ifMatch !== '*' && !matches(ifMatch, etag)) return true;
  const since = Date.parse(h['if-unmodified-since'] ?? '');
  return !Number.isNaN(since) && modified > since;
}

/** 304: the client's copy is this version (If-None-Match, else If-Modified-Since). */
function notModified(h: IncomingHttpHeaders, etag: string, modified: number) {
  if (h['cache-control']?.includes('no-cache')) return false;
  const ifNoneMatch = h['if-none-match'];
  if (ifNoneMatch !== undefined) return ifNoneMatch === '*' || matches(ifNoneMatch, etag);
  const since = Date.parse(h['if-modified-since'] ?? '');
  return !Number.isNaN(since) && modified <= since;
}

/** If-Range: a range is served only of the version the client names (by ETag or date). */
function rangeFresh(h: IncomingHttpHeaders, etag: string, modified: number) {
  const ifRange = h['if-range'];
  if (typeof ifRange !== 'string') return true;
  if (ifRange.includes('"')) return ifRange.includes(etag);
  const date = Date.parse(ifRange);
  return !Number.isNaN(date) && modified <= date;
}

/**
 * The ranges of a `bytes=` header within `size`, overlapping ones combined: [] when none is
 * satisfiable, undefined when the header is not a bytes range (then the whole file is sent).
 */
export function parseRanges(size: number, header: string): ByteRange[] | undefined {
  if (!/^ *bytes=/.test(header)) return undefined;
  const ranges: ByteRange[] = [];
  for (const part of header.slice(header.indexOf('=') + 1).split(',')) {
    const [rawStart = '', rawEnd = ''] = part.split('-');
    let start = Number.parseInt(rawStart, 10);
    let end = Number.parseInt(rawEnd, 10);
    if (Number.isNaN(start)) {
      start = size - end;
      end = size - 1;
    } else if (Number.isNaN(end) || end > size - 1) end = size - 1;
    if (!Number.isNaN(start) && !Number.isNaN(end) && start > -1 && start <= end) ranges.push({ start, end });
  }
  ranges.sort((a, b) => a.start - b.start);
  const combined: ByteRange[] = [];
  for (const r of ranges) {
    const last = combined.at(-1);
    if (last && r.start <= last.end + 1) last.end = Math.max(last.end, r.end);
    else combined.push({ ...r });
  }
  return combined;
}

/**
 * Serves a stored object the way a static file server does, for any store: Accept-Ranges, a weak
 * ETag and Last-Modified, the conditional requests (304, 412), one Range (206 with Content-Range,
 * 416 when unsatisfiable; several ranges get the whole file), HEAD without a body. A missing
 * object is 404; a store that is down is `file_store_unavailable` (503).
 */
export async function serveStored(
  storage: FileStorage,
  key: string,
  request: { method: string; headers: IncomingHttpHeaders },
): Promise<ServedFile> {
  const info = await storage.stat(key);
  if (!info) throw new AppError('not_found');
  const modified = Math.floor(info.modified.getTime() / 1000) * 1000;
  const etag = `W/"${info.size.toString(16)}-${info.modified.getTime().toString(16)}"`;
  const headers: Record<string, string> = {
    'accept-ranges': 'bytes',
    'last-modified': info.modified.toUTCString(),
    etag,
  };
  const h = request.headers;
  if (h['if-match'] || h['if-unmodified-since'] || h['if-none-match'] || h['if-modified-since']) {
    if (preconditionFails(h, etag, modified)) throw new AppError('precondition_failed');
    if (notModified(h, etag, modified)) return { status: 304, headers, body: Readable.from([]) };
  }
  let status: 200 | 206 = 200;
  let range: ByteRange | undefined;
  const ranges = h.range && rangeFresh(h, etag, modified) ? parseRanges(info.size, h.range) : undefined;
  if (ranges?.length === 0)
    throw new AppError('range_not_satisfiable', { headers: { 'content-range': `bytes */${info.size}` } });
  if (ranges?.length === 1) {
    status = 206;
    range = ranges[0];
    headers['content-range'] = `bytes ${range!.start}-${range!.end}/${info.size}`;
  }
  const length = range ? range.end - range.start + 1 : info.size;
  headers['content-length'] = String(length);
  if (request.method === 'HEAD' || length === 0) return { status, headers, body: Readable.from([]) };
  const body = await storage.open(key, range);
  if (!body) throw new AppError('not_found');
  return { status, headers, body };
}
