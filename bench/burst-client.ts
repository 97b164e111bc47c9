// A lean HTTP/1.1 client for bursts: one kept-alive TCP connection per simulated user, opened
// before the measurement (as each learner's browser has its connection to the server open), and
// requests written as prepared bytes. fetch spends about a millisecond of CPU per request, which on
// a shared two-core machine competes with the server it measures; this client spends a few
// microseconds, so the figures are the server's and the database's.
import { readdirSync, readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';

export interface BurstResponse {
  status: number;
  /** Milliseconds from writing the request to receiving the whole answer. */
  ms: number;
  body: string;
}

interface Pending {
  started: number;
  resolve: (r: BurstResponse) => void;
  reject: (e: Error) => void;
}

/** One kept-alive connection; one request at a time. */
export class BurstConnection {
  private buffer: Buffer = Buffer.alloc(0);
  private pending: Pending | null = null;

  private constructor(
    private readonly socket: Socket,
    private readonly host: string,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      this.tryComplete();
    });
    socket.on('error', (e) => this.pending?.reject(e));
    socket.on('close', () => this.pending?.reject(new Error('connection closed')));
  }

  static open(base: string): Promise<BurstConnection> {
    const url = new URL(base);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () =>
        resolve(new BurstConnection(socket, url.host)),
      );
      socket.once('error', reject);
    });
  }

  /** The bytes of a request, built before the clock starts. */
  prepare(method: string, path: string, headers: Record<string, string> = {}, body?: string): Buffer {
    const payload = body === undefined ? undefined : Buffer.from(body);
    const lines = [`${method} ${path} HTTP/1.1`, `host: ${this.host}`, 'connection: keep-alive'];
    for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
    if (payload) lines.push(`content-length: ${payload.length}`);
    const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`);
    return payload ? Buffer.concat([head, payload]) : head;
  }

  send(request: Buffer): Promise<BurstResponse> {
    if (this.pending) throw new Error('one request at a time');
    return new Promise((resolve, reject) => {
      this.pending = { started: performance.now(), resolve, reject };
      this.socket.write(request);
    });
  }

  close() {
    this.socket.destroy();
  }

  private tryComplete() {
    const pending = this.pending;
    if (!pending) return;
    const headEnd = this.buffer.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = this.buffer.subarray(0, headEnd).toString('latin1');
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    let body: Buffer;
    let rest: Buffer;
    if (length) {
      const end = headEnd + 4 + Number(length[1]);
      if (this.buffer.length < end) return;
      body = this.buffer.subarray(headEnd + 4, end);
      rest = this.buffer.subarray(end);
    } else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      const parts: Buffer[] = [];
      let at = headEnd + 4;
      for (;;) {
        const lineEnd = this.buffer.indexOf('\r\n', at);
        if (lineEnd < 0) return;
        const size = Number.parseInt(this.buffer.subarray(at, lineEnd).toString('latin1'), 16);
        if (this.buffer.length < lineEnd + 2 + size + 2) return;
        if (size === 0) {
          at = lineEnd + 4;
          break;
        }
        parts.push(this.buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      body = Buffer.concat(parts);
      rest = this.buffer.subarray(at);
    } else {
      pending.reject(new Error(`answer without a length: ${head}`));
      return;
    }
    const ms = performance.now() - pending.started;
    this.buffer = rest;
    this.pending = null;
    pending.resolve({ status, ms, body: body.toString('utf8') });
  }
}

/** CPU time (user + system, ms) used so far by the processes whose command name is `name`, or by `pid`. */
export function cpuMs(
  target: { pid: number } | { name: string },
  part: 'all' | 'user' | 'system' = 'all',
): number {
  const ticks = 100; // USER_HZ on Linux
  const pids =
    'pid' in target
      ? [target.pid]
      : readdirSync('/proc')
          .filter((d) => /^\d+$/.test(d))
          .map(Number)
          .filter((pid) => {
            try {
              return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === target.name;
            } catch {
              return false;
            }
          });
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (part === 'system' ? 0 : Number(fields[11])) + (part === 'user' ? 0 : Number(fields[12]));
    } catch {
      // The process ended meanwhile.
    }
  }
  return (total * 1000) / ticks;
}
