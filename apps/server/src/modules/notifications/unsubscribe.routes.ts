import formbody from '@fastify/formbody';
import type { Language } from '@pw/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { users } from '../../db/schema';
import { escapeHtml } from '../../lib/html';
import { pageText } from '../../lib/server-i18n';
import { registerTenancy } from '../../plugins/tenancy';
import { link, paragraph, renderPage } from '../password-reset/password-reset.pages';
import { setMailSettings } from './notification-settings';
import { readUnsubscribe } from './unsubscribe-token';

/**
 * `/accounts/unsubscribe/?u=&k=&s=`: the one-click unsubscribe of a notification mail (RFC 8058),
 * signed out. A POST (the mail program's one click, or the page's button) switches that kind's
 * mail off for that person; a GET shows the page with the button. The signature is the
 * authority: it names one person of this organisation and one kind.
 */
export async function unsubscribeRoutes(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  await app.register(formbody, { bodyLimit: 1024 });
  registerTenancy(app);

  const target = async (request: FastifyRequest) => {
    const named = readUnsubscribe(app.signingSecret, request.query as Record<string, unknown>);
    if (!named) return undefined;
    const [user] = await app.db
      .select({ id: users.id, language: users.language })
      .from(users)
      .where(and(eq(users.id, named.userId), eq(users.organisationId, request.org.id)));
    return user ? { ...named, lang: (user.language ?? 'ko') as Language } : undefined;
  };
  const page = (request: FastifyRequest, reply: FastifyReply, lang: Language, body: string, status = 200) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        renderPage(
          { org: request.org, lang, path: request.url.split('?')[0] ?? '/' },
          pageText(lang, 'notifications.unsubscribe.title'),
          body,
        ),
      );
  const invalid = (request: FastifyRequest, reply: FastifyReply) => {
    const lang: Language = (request.headers['accept-language'] ?? '').startsWith('en') ? 'en' : 'ko';
    return page(request, reply, lang, paragraph(pageText(lang, 'notifications.unsubscribe.invalid')), 400);
  };

  app.get('/unsubscribe/', async (request, reply) => {
    const found = await target(request);
    if (!found) return invalid(request, reply);
    const kind = pageText(found.lang, `notifications.kinds.${found.kind}`);
    const action = request.url;
    return page(
      request,
      reply,
      found.lang,
      paragraph(pageText(found.lang, 'notifications.unsubscribe.confirm', { kind })) +
        `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
        `<button type="submit">${escapeHtml(pageText(found.lang, 'notifications.unsubscribe.button'))}</button></form>`,
    );
  });

  app.post('/unsubscribe/', async (request, reply) => {
    const found = await target(request);
    if (!found) return invalid(request, reply);
    await setMailSettings(app.db, found.userId, { [found.kind]: false });
    const kind = pageText(found.lang, `notifications.kinds.${found.kind}`);
    return page(
      request,
      reply,
      found.lang,
      paragraph(pageText(found.lang, 'notifications.unsubscribe.done', { kind })) + link('/', 'PeerWrite'),
    );
  });
}
