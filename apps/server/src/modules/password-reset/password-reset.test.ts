import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  call,
  createOrganisation,
  createUser,
  signInAs,
  type TestApp,
} from '../../../test/helpers';
import { startSmtpServer, textOf } from '../../../test/smtp';
import { passwordResetTokens } from '../../db/schema';
import { QUEUES } from '../../jobs/queues';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    PUBLIC_URL: 'http://school.example:8000',
  });
  const org = await createOrganisation(t, { subdomain: null, name: '데모 대학교' });
  await createUser(t, org.id, { email: 'forgot@example.com', name: '잊음' });
  const other = await createOrganisation(t, { subdomain: 'west' });
  await createUser(t, other.id, { email: 'west@example.com', name: '서쪽' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  smtp.inbox.length = 0;
  await t.database.db.delete(passwordResetTokens);
});

/** GETs a page and returns its CSRF cookie and hidden field. */
async function formSession(url: string, host = 'localhost') {
  const res = await call(t, { method: 'GET', url, host });
  const cookie = String(res.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  const field = /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(res.body)?.[1] ?? '';
  return { res, cookie, field };
}

function post(url: string, cookie: string, form: Record<string, string>, host = 'localhost') {
  return call(t, {
    method: 'POST',
    url,
    host,
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

async function requestLink(email: string, lang = 'ko', host = 'localhost') {
  const { cookie, field } = await formSession(`/accounts/password_reset/?lang=${lang}`, host);
  const res = await post(
    `/accounts/password_reset/?lang=${lang}`,
    cookie,
    { email, csrfmiddlewaretoken: field },
    host,
  );
  // The mail goes through the job queue: wait until it has been sent (or found nothing to send).
  await t.app.jobs.settled([QUEUES.passwordResetMail]);
  return res;
}

describe('password reset pages', () => {
  it('the request page is branded, in Korean by default and in English on request, with no script', async () => {
    const ko = await call(t, { method: 'GET', url: '/accounts/password_reset/' });
    expect(ko.statusCode).toBe(200);
    expect(ko.headers['content-type']).toContain('text/html');
    expect(ko.body).toContain('데모 대학교');
    expect(ko.body).toContain('비밀번호 재설정');
    expect(ko.body).not.toContain('<script');
    const en = await call(t, { method: 'GET', url: '/accounts/password_reset/?lang=en' });
    expect(en.body).toContain('Reset your password');
    expect(en.body).toContain('lang="en"');
  });

  it('refuses a post without the CSRF token', async () => {
    const { cookie } = await formSession('/accounts/password_reset/');
    const res = await post('/accounts/password_reset/', cookie, {
      email: 'forgot@example.com',
      csrfmiddlewaretoken: 'forged-value-forged-value-forged-value',
    });
    expect(res.statusCode).toBe(403);
    const none = await post('/accounts/password_reset/', '', { email: 'forgot@example.com' });
    expect(none.statusCode).toBe(403);
    expect(smtp.inbox).toHaveLength(0);
  });

  it('shows a field error for a malformed email', async () => {
    const res = await requestLink('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('올바른 이메일 주소를 입력하세요.');
  });

  it('answers the same whether or not the email exists, and mails only a real account', async () => {
    const unknown = await requestLink('nobody@example.com');
    const known = await requestLink('forgot@example.com');
    expect(unknown.statusCode).toBe(303);
    expect(known.statusCode).toBe(303);
    expect(unknown.headers.location).toBe(known.headers.location);
    expect(smtp.inbox).toHaveLength(1);
    expect(smtp.inbox[0]?.to).toEqual(['forgot@example.com']);
    // A user of another organisation is not found from this host.
    await requestLink('west@example.com');
    expect(smtp.inbox).toHaveLength(1);
  });

  it('the whole flow through a real SMTP server: mail, link, new password, other sessions signed out, link used up', async () => {
    const session = await signInAs(t, 'forgot@example.com');
    const res = await requestLink('forgot@example.com', 'en');
    expect(res.headers.location).toBe('/accounts/password_reset/done/?lang=en');
    const done = await call(t, { method: 'GET', url: res.headers.location as string });
    expect(done.body).toContain('Check your email');

    expect(smtp.inbox).toHaveLength(1);
    const text = textOf(smtp.inbox[0]!.raw);
    const link = /http:\/\/school\.example:8000(\/accounts\/reset\/[A-Za-z0-9_-]+\/\?lang=en)/.exec(
      text,
    )?.[1];
    expect(link, text).toBeDefined();

    const { res: form, cookie, field } = await formSession(link!);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('forgot@example.com');

    const mismatch = await post(link!, cookie, {
      new_password: 'fresh-pass',
      password_check: 'other-pass',
      csrfmiddlewaretoken: field,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain('It does not match the password.');
    const short = await post(link!, cookie, {
      new_password: '123',
      password_check: '123',
      csrfmiddlewaretoken: field,
    });
    expect(short.body).toContain('The password must be at least 6 characters.');

    const ok = await post(link!, cookie, {
      new_password: 'fresh-pass',
      password_check: 'fresh-pass',
      csrfmiddlewaretoken: field,
    });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/accounts/reset/done/?lang=en');

    expect(
      (await call(t, { method: 'GET', url: '/api/v1/users/login-check/', token: session })).statusCode,
    ).toBe(401);
    await expect(signInAs(t, 'forgot@example.com', 'localhost', 'fresh-pass')).resolves.toBeTypeOf('string');

    const again = await call(t, { method: 'GET', url: link! });
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('This link cannot be used');
  });

  it('an expired link is refused', async () => {
    await requestLink('forgot@example.com');
    const link = /(\/accounts\/reset\/[A-Za-z0-9_-]+\/)/.exec(textOf(smtp.inbox[0]!.raw))?.[1];
    await t.database.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await call(t, { method: 'GET', url: link! });
    expect(res.statusCode).toBe(404);
  });

  it('links for an organisation with a subdomain point at that subdomain, never at the Host header', async () => {
    await requestLink('west@example.com', 'ko', 'west.peer.test');
    expect(textOf(smtp.inbox[0]!.raw)).toMatch(/http:\/\/west\.peer\.test:8000\/accounts\/reset\//);
    smtp.inbox.length = 0;
    await t.database.db.delete(passwordResetTokens);
    await requestLink('forgot@example.com', 'ko', 'evil.example');
    expect(textOf(smtp.inbox[0]!.raw)).toMatch(/http:\/\/school\.example:8000\/accounts\/reset\//);
  });

  it('does not mail the same account twice within a minute', async () => {
    await requestLink('forgot@example.com');
    await requestLink('forgot@example.com');
    expect(smtp.inbox).toHaveLength(1);
  });
});
