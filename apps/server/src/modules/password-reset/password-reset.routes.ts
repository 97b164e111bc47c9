import { randomBytes, timingSafeEqual } from 'node:crypto';
import formbody from '@fastify/formbody';
import { emailSchema, type Language, LIMITS, translateShared } from '@pw/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from '../../lib/html';
import { pageText } from '../../lib/server-i18n';
import { registerTenancy } from '../../plugins/tenancy';
import { link, type PageContext, paragraph, renderForm, renderPage } from './password-reset.pages';
import {
  completePasswordReset,
  findResetUser,
  RESET_TTL_MINUTES,
  requestPasswordReset,
} from './password-reset.service';

const CSRF_COOKIE = 'pw_csrf';
type Form = Record<string, string | undefined>;

function langOf(request: FastifyRequest): Language {
  const q = (request.query as { lang?: string }).lang;
  if (q === 'en' || q === 'ko') return q;
  return (request.headers['accept-language'] ?? '').toLowerCase().startsWith('en') ? 'en' : 'ko';
}

/** Double-submit CSRF: a random cookie, echoed in a hidden field of every form. */
function csrfToken(request: FastifyRequest, reply: FastifyReply): string {
  const existing = readCookie(request.headers.cookie, CSRF_COOKIE);
  if (existing && /^[A-Za-z0-9_-]{32,}$/.test(existing)) return existing;
  const token = randomBytes(24).toString('base64url');
  // Secure behind TLS (request.protocol follows X-Forwarded-Proto from a trusted proxy).
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('set-cookie', `${CSRF_COOKIE}=${token}; Path=/accounts; HttpOnly; SameSite=Strict${secure}`);
  return token;
}

function csrfValid(request: FastifyRequest): boolean {
  const cookie = readCookie(request.headers.cookie, CSRF_COOKIE);
  const field = (request.body as Form | undefined)?.csrfmiddlewaretoken;
  if (!cookie || !field || cookie.length !== field.length) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(field));
}

/**
 * The server-side password-reset pages (part 1 §2 `/password`): ask for the email, mail a
 * one-time link, set a new password, done. Branded, ko/en, CSRF-protected, no script.
 */
export async function passwordResetRoutes(app: FastifyInstance) {
  // HTML pages, not part of the JSON API document.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  registerTenancy(app);

  const html = (reply: FastifyReply, ctx: PageContext, title: string, body: string, status = 200) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderPage(ctx, title, body));
  const ctxOf = (request: FastifyRequest): PageContext => ({
    org: request.org,
    lang: langOf(request),
    path: request.url.split('?')[0] ?? '/',
  });
  const csrfFailed = (request: FastifyRequest, reply: FastifyReply) => {
    const ctx = ctxOf(request);
    return html(
      reply,
      ctx,
      pageText(ctx.lang, 'reset.csrfTitle'),
      paragraph(pageText(ctx.lang, 'reset.csrf')) +
        link(`${ctx.path}?lang=${ctx.lang}`, pageText(ctx.lang, 'reset.reload'), true),
      403,
    );
  };

  const requestForm = (request: FastifyRequest, reply: FastifyReply, email = '', error?: string) => {
    const ctx = ctxOf(request);
    const t = (k: string) => pageText(ctx.lang, k);
    const body =
      paragraph(t('reset.intro')) +
      renderForm(
        `/accounts/password_reset/?lang=${ctx.lang}`,
        csrfToken(request, reply),
        [
          {
            name: 'email',
            label: t('reset.email'),
            type: 'email',
            value: email,
            error,
            autocomplete: 'email',
          },
        ],
        t('reset.send'),
      ) +
      link('/sign-in', t('reset.backToSignIn'));
    return html(reply, ctx, t('reset.title'), body, error ? 400 : 200);
  };

  app.get('/password_reset/', async (request, reply) => requestForm(request, reply));

  app.post('/password_reset/', async (request, reply) => {
    if (!csrfValid(request)) return csrfFailed(request, reply);
    const lang = langOf(request);
    const raw = (request.body as Form).email ?? '';
    const parsed = emailSchema.safeParse(raw);
    if (!parsed.success) {
      const key = parsed.error.issues[0]?.message ?? 'validation.email';
      return requestForm(request, reply, raw, translateShared(lang, key) ?? key);
    }
    await requestPasswordReset({ db: app.db, jobs: app.jobs }, request.org, parsed.data, lang);
    return reply.redirect(`/accounts/password_reset/done/?lang=${lang}`, 303);
  });

  app.get('/password_reset/done/', async (request, reply) => {
    const ctx = ctxOf(request);
    return html(
      reply,
      ctx,
      pageText(ctx.lang, 'reset.sentTitle'),
      paragraph(pageText(ctx.lang, 'reset.sent', { minutes: RESET_TTL_MINUTES })) +
        link('/sign-in', pageText(ctx.lang, 'reset.backToSignIn')),
    );
  });

  const invalidLink = (request: FastifyRequest, reply: FastifyReply) => {
    const ctx = ctxOf(request);
    return html(
      reply,
      ctx,
      pageText(ctx.lang, 'reset.invalidTitle'),
      paragraph(pageText(ctx.lang, 'reset.invalid')) +
        link(`/accounts/password_reset/?lang=${ctx.lang}`, pageText(ctx.lang, 'reset.requestAgain'), true),
      404,
    );
  };

  const newPasswordForm = (
    request: FastifyRequest,
    reply: FastifyReply,
    email: string,
    errors: { new_password?: string; password_check?: string } = {},
  ) => {
    const ctx = ctxOf(request);
    const t = (k: string) => pageText(ctx.lang, k);
    const body =
      paragraph(pageText(ctx.lang, 'reset.newIntro', { email })) +
      renderForm(
        `${ctx.path}?lang=${ctx.lang}`,
        csrfToken(request, reply),
        [
          {
            name: 'new_password',
            label: t('reset.newPassword'),
            type: 'password',
            error: errors.new_password,
            autocomplete: 'new-password',
          },
          {
            name: 'password_check',
            label: t('reset.passwordCheck'),
            type: 'password',
            error: errors.password_check,
            autocomplete: 'new-password',
          },
        ],
        t('reset.save'),
      );
    return html(
      reply,
      ctx,
      t('reset.newTitle'),
      body,
      errors.new_password || errors.password_check ? 400 : 200,
    );
  };

  app.get<{ Params: { token: string } }>('/reset/:token/', async (request, reply) => {
    const user = await findResetUser(app.db, request.org, request.params.token);
    if (!user) return invalidLink(request, reply);
    return newPasswordForm(request, reply, user.email);
  });

  app.post<{ Params: { token: string } }>('/reset/:token/', async (request, reply) => {
    if (!csrfValid(request)) return csrfFailed(request, reply);
    const lang = langOf(request);
    const user = await findResetUser(app.db, request.org, request.params.token);
    if (!user) return invalidLink(request, reply);
    const form = request.body as Form;
    const password = form.new_password ?? '';
    const errors: { new_password?: string; password_check?: string } = {};
    const msg = (key: string) => translateShared(lang, key, { max: LIMITS.passwordMax }) ?? key;
    if (password.length === 0) errors.new_password = msg('validation.required');
    else if (password.length < LIMITS.passwordMin) errors.new_password = msg('validation.password_min');
    else if (password.length > LIMITS.passwordMax) errors.new_password = msg('validation.too_long');
    if (!form.password_check) errors.password_check = msg('validation.required');
    else if (form.password_check !== password) errors.password_check = msg('validation.password_mismatch');
    if (errors.new_password || errors.password_check)
      return newPasswordForm(request, reply, user.email, errors);
    const done = await completePasswordReset(app.db, request.org, request.params.token, password);
    if (!done) return invalidLink(request, reply);
    return reply.redirect(`/accounts/reset/done/?lang=${lang}`, 303);
  });

  app.get('/reset/done/', async (request, reply) => {
    const ctx = ctxOf(request);
    return html(
      reply,
      ctx,
      pageText(ctx.lang, 'reset.doneTitle'),
      paragraph(pageText(ctx.lang, 'reset.done')) +
        link('/sign-in', pageText(ctx.lang, 'reset.toSignIn'), true),
    );
  });
}
