import type { Language } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRouter } from '../../lib/endpoints';
import { readCookie } from '../../lib/html';
import { pageText } from '../../lib/server-i18n';
import { registerTenancy } from '../../plugins/tenancy';
import { link, paragraph, renderPage } from '../password-reset/password-reset.pages';
import { publicOrigin } from '../password-reset/password-reset.service';
import { exchangeSsoCode } from './exchange-sso-code';
import { finishSso, SSO_HANDOFF_TTL_MS } from './finish-sso';
import { SsoFailure } from './sso-failure';
import { SSO_LOGIN_TTL_MS, startSso } from './start-sso';

export const SSO_COOKIE = 'pw_oidc';
const COOKIE_PATH = '/auth/oidc';
/** Set with the one-time code, read only by the exchange. */
export const HANDOFF_COOKIE = 'pw_oidc_handoff';
const HANDOFF_PATH = '/api/v1/users/sso-exchange';

function langOf(request: FastifyRequest): Language {
  const q = (request.query as { lang?: string }).lang;
  if (q === 'en' || q === 'ko') return q;
  return (request.headers['accept-language'] ?? '').toLowerCase().startsWith('en') ? 'en' : 'ko';
}

/** Where the identity provider sends the browser back: fixed per organisation, never from Host. */
export function callbackUri(app: FastifyInstance, request: FastifyRequest): string {
  return `${publicOrigin(app.config, request.org)}${COOKIE_PATH}/callback`;
}

function cookie(
  request: FastifyRequest,
  value: string,
  maxAgeSeconds: number,
  [name, path] = [SSO_COOKIE, COOKIE_PATH],
): string {
  // Lax: the provider's redirect back is a top-level GET, which Lax lets the cookie ride on.
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${name}=${value}; Path=${path}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * Single sign-on by OpenID Connect on each organisation's host (issue 31 item 5): `start` sends
 * the browser to the organisation's identity provider, `callback` takes its answer and sends the
 * browser to the sign-in page with a one-time code in the fragment (never a token in a URL).
 * Every failure is a page in the sign-in's language, with its status, never a 500.
 */
export async function ssoRoutes(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  registerTenancy(app);

  const failurePage = (request: FastifyRequest, reply: FastifyReply, failure: SsoFailure) => {
    const lang = failure.lang ?? langOf(request);
    const t = (key: string) => pageText(lang, key, { org: request.org.name });
    const retry =
      failure.reason === 'not_configured'
        ? ''
        : link(`${COOKIE_PATH}/start?lang=${lang}`, t('sso.retry'), true);
    const body = paragraph(t(`sso.${failure.reason}`)) + retry + link(`/sign-in`, t('sso.backToSignIn'));
    return (
      reply
        .code(failure.status)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        // The language links lead to the sign-in page: this page cannot be shown again (the sign-in
        // it tells of is used up).
        .send(renderPage({ org: request.org, lang, path: '/sign-in' }, t('sso.title'), body))
    );
  };

  const guarded =
    (handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        return await handler(request, reply);
      } catch (error) {
        if (error instanceof SsoFailure) {
          if (error.status >= 500 || error.reason === 'invalid_response')
            request.log.warn({ err: error.cause ?? error }, 'single sign-on failed');
          return failurePage(request, reply, error);
        }
        throw error;
      }
    };

  app.get(
    '/start',
    guarded(async (request, reply) => {
      const { location, cookie: value } = await startSso({
        db: app.db,
        org: request.org,
        lang: langOf(request),
        redirectUri: callbackUri(app, request),
      });
      return reply
        .header('set-cookie', cookie(request, value, SSO_LOGIN_TTL_MS / 1000))
        .header('cache-control', 'no-store')
        .redirect(location, 302);
    }),
  );

  app.get(
    '/callback',
    guarded(async (request, reply) => {
      const clear = cookie(request, '', 0);
      // The cookie is used once, whatever happens next.
      reply.header('set-cookie', clear);
      const callbackUrl = new URL(callbackUri(app, request));
      callbackUrl.search = new URLSearchParams(request.query as Record<string, string>).toString();
      const { code, binding, lang } = await finishSso({
        db: app.db,
        org: request.org,
        cookie: readCookie(request.headers.cookie, SSO_COOKIE),
        callbackUrl,
      });
      return (
        reply
          // Beside the clearing above (Fastify adds each set-cookie).
          .header(
            'set-cookie',
            cookie(request, binding, SSO_HANDOFF_TTL_MS / 1000, [HANDOFF_COOKIE, HANDOFF_PATH]),
          )
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .redirect(`/sign-in?lang=${lang}#sso=${encodeURIComponent(code)}`, 303)
      );
    }),
  );
}

/** The web app exchanges the one-time code for its session token (JSON API). */
export const ssoApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = endpointRouter(app, ['accounts']);
  route(endpoints.exchangeSsoCode, {
    config: { public: true },
    handler: async (request, reply) => {
      const session = await exchangeSsoCode({
        db: app.db,
        org: request.org,
        code: request.body.code,
        binding: readCookie(request.headers.cookie, HANDOFF_COOKIE),
        ttlDays: app.config.tokenTtlDays,
      });
      const secure = request.protocol === 'https' ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${HANDOFF_COOKIE}=; Path=${HANDOFF_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure}`,
      );
      return session;
    },
  });
};
