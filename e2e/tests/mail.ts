import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { textOf } from '../../apps/server/test/smtp';

/** The decoded text of the newest mail sent to `to`, waiting for it to arrive. */
export async function waitForMail(to: string, timeoutMs = 10_000): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR ?? '';
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith(`-${to}.eml`))
      .sort();
    const last = files.at(-1);
    if (last) return textOf(readFileSync(join(dir, last), 'utf8'));
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to}`);
}
