import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server on a local port (random unless given) that keeps every message it receives;
 * `delayMs` holds each message that long before accepting it (`receiving` counts those held).
 */
export async function startSmtpServer(port = 0, delayMs = 0) {
  const inbox: ReceivedMail[] = [];
  let receiving = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        receiving += 1;
        if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
        receiving -= 1;
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  // A client's connection that breaks (a node killed mid-message in the cluster test) is the
  // client's failure, not the server's: smtp-server reports it as an 'error' event, which would
  // otherwise be an uncaught exception in the test process. Kept for the tests that look.
  const connectionErrors: Error[] = [];
  server.on('error', (error) => connectionErrors.push(error));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('no smtp address');
  return {
    port: address.port,
    inbox,
    connectionErrors,
    get receiving() {
      return receiving;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded text body of a raw message (quoted-printable or base64 single part). */
export function textOf(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** A header of a raw message, unfolded, with its encoded words (RFC 2047) decoded. */
export function headerOf(raw: string, name: string): string | undefined {
  const head = (raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  if (line === undefined) return undefined;
  return line
    .slice(name.length + 1)
    .trim()
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** The decoded text/plain part of a message (multipart or not). */
export function plainTextOf(raw: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(
    raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '',
  )?.[1];
  if (!boundary) return textOf(raw);
  const part = raw.split(`--${boundary}`).find((p) => /content-type:\s*text\/plain/i.test(p));
  return part ? textOf(part.replace(/^\r?\n/, '')) : '';
}
