// The cluster test's HTTP client: every request goes through the balancer over keep-alive
// connections, is counted per node that answered (HAProxy's X-PeerWrite-Node header) and, like a
// browser's retry, is sent again after a connection error or a 502/503/504 from the balancer.
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { sleep } from './cluster';

export type Answer = {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The node that answered (HAProxy's header), undefined when the balancer answered itself. */
  node: string | undefined;
  /** Tries it took (1 when the first try was answered by a node). */
  attempts: number;
  json: <T = Record<string, unknown>>() => T;
};

export type RequestOptions = {
  token?: string | undefined;
  /** A JSON body. */
  json?: unknown;
  /** A multipart body. */
  form?: FormData;
  /** A urlencoded body (the password-reset pages). */
  urlencoded?: Record<string, string>;
  headers?: Record<string, string>;
  /** Connect from this local address (e.g. 127.0.0.2), on a connection of its own. */
  localAddress?: string;
  /** Tries after a connection error or a 502/503/504 (default 4); 0 for none. */
  retries?: number;
};

const RETRY_STATUSES = new Set([502, 503, 504]);

export class Client {
  readonly agent = new Agent({ keepAlive: true, maxSockets: 512 });
  /** Answers per node, and by the balancer itself. */
  readonly served = new Map<string, number>();
  requests = 0;
  retried = 0;
  connectionErrors = 0;

  constructor(
    readonly host: string,
    readonly port: number,
  ) {}

  async request(method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Token ${options.token}`;
    let body: Buffer | undefined;
    if (options.json !== undefined) {
      body = Buffer.from(JSON.stringify(options.json));
      headers['content-type'] = 'application/json';
    } else if (options.form) {
      const encoded = new Request('http://form.invalid/', { method: 'POST', body: options.form });
      body = Buffer.from(await encoded.arrayBuffer());
      headers['content-type'] = encoded.headers.get('content-type') ?? '';
    } else if (options.urlencoded) {
      body = Buffer.from(new URLSearchParams(options.urlencoded).toString());
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const retries = options.retries ?? 4;
    for (let attempt = 1; ; attempt++) {
      this.requests += 1;
      try {
        const answer = await this.once(method, path, headers, body, options.localAddress);
        if (RETRY_STATUSES.has(answer.status) && !answer.node && attempt <= retries) {
          this.retried += 1;
          await sleep(100 * 2 ** (attempt - 1));
          continue;
        }
        const node = answer.node ?? 'balancer';
        this.served.set(node, (this.served.get(node) ?? 0) + 1);
        return { ...answer, attempts: attempt };
      } catch (error) {
        this.connectionErrors += 1;
        if (attempt > retries) throw new Error(`${method} ${path}: ${String(error)} after ${attempt} tries`);
        this.retried += 1;
        await sleep(100 * 2 ** (attempt - 1));
      }
    }
  }

  private once(
    method: string,
    path: string,
    headers: Record<string, string>,
    body: Buffer | undefined,
    localAddress: string | undefined,
  ): Promise<Omit<Answer, 'attempts'>> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: this.host,
          port: this.port,
          method,
          path,
          headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
          ...(localAddress ? { localAddress, agent: false } : { agent: this.agent }),
          timeout: 120_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const data = Buffer.concat(chunks);
            const node = res.headers['x-peerwrite-node'];
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: data,
              node: typeof node === 'string' ? node : undefined,
              json: <T>() => {
                try {
                  return JSON.parse(data.toString('utf8')) as T;
                } catch {
                  throw new Error(
                    `${method} ${path}: ${res.statusCode}, not JSON: ${data.toString('utf8', 0, 300)}`,
                  );
                }
              },
            });
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', reject);
      req.end(body);
    });
  }

  close() {
    this.agent.destroy();
  }
}

/** Fails with the request, its status and the start of its body when the status is not `expected`. */
export function expectStatus(answer: Answer, expected: number, what: string): Answer {
  if (answer.status !== expected)
    throw new Error(
      `${what}: expected ${expected}, got ${answer.status} from ${answer.node ?? 'the balancer'}: ${answer.body.toString('utf8', 0, 400)}`,
    );
  return answer;
}

/** The error code of an answer (`{code}`), or the start of its body when it is not JSON. */
export function codeOf(answer: Answer): string {
  try {
    return String(answer.json<{ code?: string }>().code);
  } catch {
    return answer.body.toString('utf8', 0, 60).replace(/\s+/g, ' ');
  }
}
