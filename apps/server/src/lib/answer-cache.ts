import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { COMPRESS_MIN_BYTES, type Encoding, pack, pickEncoding } from '../plugins/compression';
import { perDatabase } from './per-database';

/**
 * Large answers to reads whose rows rarely change once written — the course results and a
 * completed assignment's score page (180–300 KB at 200 learners) — kept as the bytes sent, and
 * packed once per encoding.
 *
 * Each entry carries the fingerprint of the rows it was built from (`fingerprintOf`), read again on
 * every request: one cheap statement, where building the answer reads and sends thousands of
 * rows. A different fingerprint builds the answer anew, so a saved change is seen by the next
 * request, whichever server process or write path made it. The caller checks permissions before
 * asking, and the key names the course or assignment, so an answer only ever reaches those
 * allowed to read it.
 *
 * The fingerprint is read before the answer is built, so an answer is never older than its
 * fingerprint (at worst newer, which only costs a rebuild).
 */

export type CachedAnswer = {
  fingerprint: string;
  body: Buffer;
  packed: Partial<Record<Encoding, Promise<Buffer>>>;
  bytes: number;
};

/** At most this many bytes of answers (and their packed forms) per database. */
const MAX_BYTES = 24 * 1024 * 1024;

export class AnswerCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly building = new Map<string, { fingerprint: string; entry: Promise<CachedAnswer> }>();
  private bytes = 0;

  constructor(private readonly maxBytes = MAX_BYTES) {}

  /** The answer under `key` for this fingerprint: kept, being built, or built now by `build`. */
  async get(key: string, fingerprint: string, build: () => Promise<unknown>): Promise<CachedAnswer> {
    const kept = this.entries.get(key);
    if (kept?.fingerprint === fingerprint) {
      // Most recently used last: the first entry is the one to drop when full.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept;
    }
    const pending = this.building.get(key);
    if (pending?.fingerprint === fingerprint) return pending.entry;
    const entry = (async () => {
      const body = Buffer.from(JSON.stringify(await build()));
      // JSON packs to a tenth or less: a quarter more covers both packed forms.
      return { fingerprint, body, packed: {}, bytes: Math.ceil(body.length * 1.25) };
    })();
    this.building.set(key, { fingerprint, entry });
    try {
      const built = await entry;
      this.store(key, built);
      return built;
    } finally {
      if (this.building.get(key)?.entry === entry) this.building.delete(key);
    }
  }

  /** How many answers are kept (tests). */
  get size() {
    return this.entries.size;
  }

  private store(key: string, entry: CachedAnswer) {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.bytes;
    }
    if (entry.bytes > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.trim();
  }

  private trim() {
    for (const [key, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= e.bytes;
    }
  }
}

/** An answer sent like a kept one but not kept (one that changes too often to be worth it). */
export function uncachedAnswer(value: unknown): CachedAnswer {
  const body = Buffer.from(JSON.stringify(value));
  return { fingerprint: '', body, packed: {}, bytes: body.length };
}

/** The answer cache of a database handle (each test app has its own database, and so its own). */
export const answerCacheOf = perDatabase(() => new AnswerCache());

/**
 * A stamp of the rows a query reaches as `alias`, for a fingerprint: how many there are, and the
 * highest and the sum of their `xmin` (the transaction that wrote each row's current version).
 * Any insert or update gives a row the newest transaction id, so the highest changes (and the sum,
 * should ids ever wrap around); a delete changes the count.
 */
function rowStamp(alias: string): SQL {
  const xmin = sql.raw(`${alias}.xmin::text::bigint`);
  return sql`count(*) || '.' || coalesce(max(${xmin}), 0) || '.' || coalesce(sum(${xmin}), 0)`;
}

/** The entry's body packed with this encoding, made once. */
function packedOf(entry: CachedAnswer, encoding: Encoding): Promise<Buffer> {
  let made = entry.packed[encoding];
  if (!made) {
    made = pack(entry.body, encoding);
    entry.packed[encoding] = made;
    made.catch(() => {
      delete entry.packed[encoding];
    });
  }
  return made;
}

/** Rows for a fingerprint: the alias `rows` (a from-clause) gives them. */
export type RowSet = readonly [alias: string, rows: SQL];

/**
 * The fingerprint of several sets of rows, in one statement: each set stamped by `rowStamp`, in
 * order.
 */
export async function fingerprintOf(db: Db, sets: readonly RowSet[]): Promise<string> {
  const stamps = sets.map(([alias, rows]) => sql`(select ${rowStamp(alias)} ${rows})`);
  const [row] = await db
    .select({ stamp: sql<string>`concat_ws(',', ${sql.join(stamps, sql`, `)})` })
    .from(sql`(select 1) as one`);
  return row?.stamp ?? '';
}

/** Sends a kept answer as JSON, packed when the client accepts it (as the compression hook would). */
export async function sendCached(request: FastifyRequest, reply: FastifyReply, entry: CachedAnswer) {
  reply.type('application/json; charset=utf-8');
  const encoding =
    entry.body.length >= COMPRESS_MIN_BYTES ? pickEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(entry.body); // the compression hook adds Vary
  const body = await packedOf(entry, encoding);
  return reply.header('vary', 'Accept-Encoding').header('content-encoding', encoding).send(body);
}
