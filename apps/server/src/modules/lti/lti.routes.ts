import formbody from '@fastify/formbody';
import type { Language } from '@pw/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from '../../lib/html';
import { pageText } from '../../lib/server-i18n';
import { registerTenancy } from '../../plugins/tenancy';
import { paragraph, renderPage } from '../password-reset/password-reset.pages';
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
    const lang = langOf(request, locale);
    const t = (k: string) => pageText(lang, k);
    const body =
      paragraph(t(`lti.reason.${refusal.reason}`)) +
      paragraph(t(refusal.reason === 'context_not_linked' ? 'lti.askInstructor' : 'lti.tryAgain'));
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

  app.get('/jwks', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(await toolJwks(app.db)),
  );
}
