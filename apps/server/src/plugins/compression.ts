import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** JSON answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to use for a request's `Accept-Encoding`: brotli when it is accepted, else gzip,
 * else none. Quality values are honoured (`q=0` refuses), `*` stands for any encoding not named.
 */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return null;
}

/**
 * Whether an answer is worth compressing: JSON of at least `COMPRESS_MIN_BYTES` answering a read.
 * Answers to writes (a save echoes the work the client has just sent) go as they are: at a
 * deadline hundreds arrive at once, and packing them there and unpacking them in the browser cost
 * more than the bytes saved (the 200-save burst's p99 was 70–130 ms worse with them packed).
 */
export function isCompressible(method: string, contentType: string, bytes: number): boolean {
  if (method !== 'GET') return false;
  return contentType.startsWith('application/json') && bytes >= COMPRESS_MIN_BYTES;
}

/** Packs an answer with the encoding: brotli quality 4 (text mode) or gzip level 6. */
export function pack(payload: string | Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(payload, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(payload),
        },
      })
    : gzipAsync(payload, { level: 6 });
}

/**
 * Compresses the JSON answers to reads in the scope it is registered in (the API) when they are
 * at least `COMPRESS_MIN_BYTES` and the client accepts brotli or gzip. Cheap settings on purpose: brotli
 * quality 4 (about gzip's speed, smaller output) in zlib's thread pool, so the event loop only
 * hands the buffer over. Streams (exports, file downloads) and other types are left alone.
 */
export function registerCompression(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    const bytes = Buffer.byteLength(payload);
    if (!isCompressible(request.method, type, bytes)) return payload;
    // The answer depends on Accept-Encoding from here on, whether or not this client gets it packed.
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/\baccept-encoding\b/i.test(vary))
      reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const packed = await pack(payload, encoding);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return packed;
  });
}
