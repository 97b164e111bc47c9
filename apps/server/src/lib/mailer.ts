import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A stable Message-ID (`<id@host>`): a message sent again after a crash reads as the same one. */
  messageId?: string;
};

/** Sends mail: through SMTP when configured, otherwise into `DATA_DIR/outbox` as .eml files. */
export type Mailer = { send: (message: MailMessage) => Promise<void>; kind: 'smtp' | 'outbox' };

/** Builds the mailer the configuration asks for. */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtp) {
    const transport = nodemailer.createTransport({
      host: config.smtp.host,
      port: config.smtp.port,
      secure: config.smtp.secure,
      auth: config.smtp.user ? { user: config.smtp.user, pass: config.smtp.password ?? '' } : undefined,
    });
    return {
      kind: 'smtp',
      send: async (message) => {
        await transport.sendMail({ from: config.mailFrom, ...message });
      },
    };
  }
  const outbox = join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    send: async (message) => {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
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
