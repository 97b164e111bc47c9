import formbody from '@fastify/formbody';
import type { Language } from '@pw/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml, readCookie } from '../../lib/html';
import { pageText } from '../../lib/server-i18n';
import { registerTenancy } from '../../plugins/tenancy';
import { paragraph, renderPage } from '../password-reset/password-reset.pages';
import {
  answerDeepLinking,
  deepLinkingChoices,
  deepLinkingEditorCode,
  startDeepLinking,
} from './deep-linking';
import { toolJwks } from './lti-keys';
import { LtiRefusal } from './lti-refusal';
import { provisionLaunch } from './provision-launch';
import { type LoginParams, STATE_TTL_MS, startLogin } from './start-login';
import { ROSTER_SYNC_INTERVAL_MS, syncRosterIfDue } from './sync-roster';
import { verifyLaunch } from './verify-launch';

const STATE_COOKIE = 'pw_lti_state';

/** ko unless the launch, the query or the browser asks for English. */
function langOf(request: FastifyRequest, locale?: string): Language {
  const q = (request.query as { lang?: string } | undefined)?.lang;
  if (q === 'en' || q === 'ko') return q;
  if (locale) return locale.toLowerCase().startsWith('en') ? 'en' : 'ko';
  return (request.headers['accept-language'] ?? '').toLowerCase().startsWith('en') ? 'en' : 'ko';
}

/**
 * The state cookie: `SameSite=None; Secure` behind TLS, since the platform posts the launch from
 * its own site (a cross-site POST carries no Lax cookie). Over plain http (a developer's machine)
 * browsers refuse `SameSite=None` without Secure, so it is Lax there and works only unframed.
 */
function stateCookie(request: FastifyRequest, state: string, maxAgeS: number) {
  const attrs = request.protocol === 'https' ? 'SameSite=None; Secure; Partitioned' : 'SameSite=Lax';
  return `${STATE_COOKIE}=${state}; Path=/lti/; HttpOnly; Max-Age=${maxAgeS}; ${attrs}`;
}

/** Only the string fields of a form, query or JSON body (a repeated or nested one is dropped). */
function stringsOf(input: unknown): LoginParams {
  if (!input || typeof input !== 'object') return {};
  return Object.fromEntries(
    Object.entries(input).filter(
      (e): e is [string, string] => typeof e[1] === 'string' && e[1].length <= 20_000,
    ),
  );
}

/** The path of the web app's page that exchanges the one-time code (apps/web LtiSignInPage). */
export const LTI_SIGN_IN_PATH = '/lti-sign-in';
/** The Deep Linking chooser (an instructor's `LtiDeepLinkingRequest` lands here). */
const DEEP_LINK_PATH = '/lti/deep-link';

/**
 * The LTI 1.3 tool endpoints of each organisation's host: OIDC login initiation, the launch
 * (id_token form post) and the tool's public keys. Refusals are pages, never JSON or a 500.
 */
export async function ltiRoutes(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  registerTenancy(app);

  const refuse = (request: FastifyRequest, reply: FastifyReply, refusal: LtiRefusal, locale?: string) => {
    const lang = langOf(request, locale ?? refusal.locale);
    const t = (k: string) => pageText(lang, k);
    // A learner's Deep Linking request is not a failed launch: opening it again would not help.
    const next =
      refusal.reason === 'deep_linking_instructor_only'
        ? ''
        : paragraph(t(refusal.reason === 'context_not_linked' ? 'lti.askInstructor' : 'lti.tryAgain'));
    const body = paragraph(t(`lti.reason.${refusal.reason}`)) + next;
    return reply
      .code(refusal.status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        renderPage({ org: request.org, lang, path: request.url.split('?')[0] ?? '/' }, t('lti.title'), body),
      );
  };

  // An instructor's launch syncs the roster in the background (at most once per interval): the
  // launch never waits for the LMS's member list, and a failed sync is only logged.
  const syncOnLaunch = (request: FastifyRequest, courseId: number) => {
    syncRosterIfDue(app.db, request.org, courseId, ROSTER_SYNC_INTERVAL_MS).catch((err: unknown) =>
      request.log.warn({ err, courseId }, 'roster sync on launch failed'),
    );
  };

  const login = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = { ...stringsOf(request.query), ...stringsOf(request.body) };
    try {
      const origin = `${request.protocol}://${request.host}`;
      const { redirect, state } = await startLogin(app.db, request.org.id, params, `${origin}/lti/launch`);
      reply.header('set-cookie', stateCookie(request, state, STATE_TTL_MS / 1000));
      return reply.header('cache-control', 'no-store').redirect(redirect, 302);
    } catch (error) {
      if (error instanceof LtiRefusal) return refuse(request, reply, error);
      throw error;
    }
  };
  app.get('/login', login);
  app.post('/login', login);

  app.post('/launch', async (request, reply) => {
    const form = stringsOf(request.body);
    let locale: string | undefined;
    try {
      const launch = await verifyLaunch(app.db, request.org.id, form.id_token, {
        state: form.state,
        cookieState: readCookie(request.headers.cookie, STATE_COOKIE),
      });
      locale = launch.locale;
      if (launch.deepLinking) {
        const { handle } = await startDeepLinking(app.db, request.org, launch);
        reply.header('set-cookie', stateCookie(request, '', 0));
        return reply
          .header('cache-control', 'no-store')
          .redirect(`${DEEP_LINK_PATH}?s=${encodeURIComponent(handle)}&lang=${langOf(request, locale)}`, 303);
      }
      const { code, courseId } = await provisionLaunch(app.db, request.org, launch);
      if (launch.role === 'instructor' && launch.membershipsUrl) syncOnLaunch(request, courseId);
      reply.header('set-cookie', stateCookie(request, '', 0));
      const lang = langOf(request, locale);
      return reply
        .header('cache-control', 'no-store')
        .redirect(`${LTI_SIGN_IN_PATH}?code=${encodeURIComponent(code)}&lang=${lang}`, 303);
    } catch (error) {
      if (error instanceof LtiRefusal) return refuse(request, reply, error, locale);
      throw error;
    }
  });

  // Deep Linking 2.0: the instructor's chooser, the editor hand-over and the signed answer.
  const page = (request: FastifyRequest, reply: FastifyReply, title: string, body: string, path: string) =>
    reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderPage({ org: request.org, lang: langOf(request), path }, title, body));
  const handleOf = (request: FastifyRequest) => stringsOf(request.query).s ?? stringsOf(request.body).s;

  app.get('/deep-link', async (request, reply) => {
    const lang = langOf(request);
    const t = (k: string, p?: Record<string, string>) => pageText(lang, k, p);
    const handle = handleOf(request);
    try {
      const choices = await deepLinkingChoices(app.db, request.org, handle);
      const h = escapeHtml(handle ?? '');
      const items = choices.assignments
        .map(
          (a, i) =>
            `<label class="choice"><input type="radio" name="assignment" value="${a.id}"${i === choices.assignments.length - 1 ? ' checked' : ''}> ${escapeHtml(a.name)}</label>`,
        )
        .join('');
      const choose =
        choices.assignments.length > 0
          ? `<form method="post" action="${DEEP_LINK_PATH}?lang=${lang}"><input type="hidden" name="s" value="${h}"><fieldset><legend>${escapeHtml(t('lti.deepLink.choose'))}</legend>${items}</fieldset><button type="submit">${escapeHtml(t('lti.deepLink.submit'))}</button></form>`
          : paragraph(t('lti.deepLink.none'));
      const create = `<form method="post" action="${DEEP_LINK_PATH}/editor" target="_blank"><input type="hidden" name="s" value="${h}"><button type="submit" class="secondary">${escapeHtml(t('lti.deepLink.create'))}</button></form>${paragraph(t('lti.deepLink.createHint'))}<p class="links"><a href="${escapeHtml(`${DEEP_LINK_PATH}?s=${encodeURIComponent(handle ?? '')}&lang=${lang}`)}">${escapeHtml(t('lti.deepLink.reload'))}</a></p>`;
      const style =
        '<style>fieldset{border:0;padding:0;margin:16px 0 0}legend{font-weight:600;margin-bottom:8px}.choice{font-weight:400;display:flex;gap:8px;align-items:center;padding:10px 12px;border:1px solid #dee2e6;border-radius:8px;margin:8px 0 0}.choice input{width:auto}button.secondary{background:#fff;color:var(--brand);border:1px solid var(--brand)}</style>';
      return page(
        request,
        reply,
        t('lti.deepLink.title'),
        style + paragraph(t('lti.deepLink.intro', { course: choices.courseName })) + choose + create,
        `${DEEP_LINK_PATH}?s=${encodeURIComponent(handle ?? '')}`,
      );
    } catch (error) {
      if (error instanceof LtiRefusal) return refuse(request, reply, error);
      throw error;
    }
  });

  app.post('/deep-link/editor', async (request, reply) => {
    try {
      const code = await deepLinkingEditorCode(app.db, request.org, handleOf(request));
      return reply
        .header('cache-control', 'no-store')
        .redirect(`${LTI_SIGN_IN_PATH}?code=${encodeURIComponent(code)}&lang=${langOf(request)}`, 303);
    } catch (error) {
      if (error instanceof LtiRefusal) return refuse(request, reply, error);
      throw error;
    }
  });

  app.post('/deep-link', async (request, reply) => {
    const lang = langOf(request);
    const t = (k: string, p?: Record<string, string>) => pageText(lang, k, p);
    const form = stringsOf(request.body);
    try {
      const origin = `${request.protocol}://${request.host}`;
      const answer = await answerDeepLinking(app.db, request.org, {
        handle: form.s,
        assignmentId: form.assignment,
        launchUrl: `${origin}/lti/launch`,
      });
      // The form goes to the platform: the CSP's form-action allows its return URL's origin.
      const csp = reply.raw.getHeader('content-security-policy');
      if (typeof csp === 'string')
        reply.raw.setHeader(
          'content-security-policy',
          csp.replace("form-action 'self'", `form-action 'self' ${new URL(answer.returnUrl).origin}`),
        );
      const body =
        paragraph(t('lti.deepLink.sending', { name: answer.title })) +
        `<form method="post" action="${escapeHtml(answer.returnUrl)}" id="deep-link-answer"><input type="hidden" name="JWT" value="${escapeHtml(answer.jwt)}"><button type="submit">${escapeHtml(t('lti.deepLink.continue'))}</button></form><script src="/lti/auto-submit.js"></script>`;
      return page(request, reply, t('lti.deepLink.sendingTitle'), body, DEEP_LINK_PATH);
    } catch (error) {
      if (error instanceof LtiRefusal) return refuse(request, reply, error);
      throw error;
    }
  });

  // The CSP allows no inline script: the answer's form submits itself by this one.
  app.get('/auto-submit.js', async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/javascript; charset=utf-8')
      .send("document.getElementById('deep-link-answer')?.submit();\n"),
  );

  app.get('/jwks', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(await toolJwks(app.db)),
  );
}
