import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A stable Message-ID (`<id@host>`): a message sent again after a crash reads as the same one. */
  messageId?: string;
  /** Extra headers (`List-Unsubscribe`, `List-Unsubscribe-Post`). */
  headers?: Record<string, string>;
};

/** Sends mail: through SMTP when configured, otherwise into `DATA_DIR/outbox` as .eml files. */
export type Mailer = { send: (message: MailMessage) => Promise<void>; kind: 'smtp' | 'outbox' };

type TransportOptions = Parameters<typeof import('nodemailer').createTransport>[0];

/**
 * A nodemailer transport made at the first send: the module (~13 MB of memory and some 50 ms to
 * load) stays out of a server that has not mailed anything yet.
 */
function lazyTransport(options: TransportOptions) {
  let made: Promise<Transporter> | undefined;
  return () => {
    made ??= import('nodemailer').then((module) => {
      const nodemailer = (module as unknown as { default?: typeof module }).default ?? module;
      return nodemailer.createTransport(options);
    });
    return made;
  };
}

/** Builds the mailer the configuration asks for. */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtp) {
    const transport = lazyTransport({
      host: config.smtp.host,
      port: config.smtp.port,
      secure: config.smtp.secure,
      auth: config.smtp.user ? { user: config.smtp.user, pass: config.smtp.password ?? '' } : undefined,
    });
    return {
      kind: 'smtp',
      send: async (message) => {
        await (await transport()).sendMail({ from: config.mailFrom, ...message });
      },
    };
  }
  const outbox = join(config.dataDir, 'outbox');
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    send: async (message) => {
      const info = await (await transport()).sendMail({ from: config.mailFrom, ...message });
      await mkdir(outbox, { recursive: true });
      const file = join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      log.info({ file, to: message.to }, 'mail written to outbox');
    },
  };
}
