import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ltiPlatforms } from '../../db/schema';
import { findOrganisation, subdomainOf } from '../organisations/organisations.service';

const CACHE_MS = 10_000;

/** The origins of a registration that may frame the tool: issuer, login URL and the extra ones. */
export function frameOriginsOf(p: { issuer: string; loginUrl: string; frameOrigins: string[] }): string[] {
  const origins = new Set<string>();
  for (const url of [p.issuer, p.loginUrl, ...p.frameOrigins]) {
    try {
      const origin = new URL(url).origin;
      if (origin.startsWith('https://') || origin.startsWith('http://')) origins.add(origin);
    } catch {
      // Not a URL (an issuer may be any string): it names no origin.
    }
  }
  return [...origins];
}

/**
 * The tool runs inside the LMS's iframe: an organisation with LTI registrations lets its
 * platforms' origins frame its pages (CSP frame-ancestors, no X-Frame-Options); every other
 * organisation keeps `frame-ancestors 'none'`.
 */
export function registerLtiFraming(app: FastifyInstance) {
  const cache = new Map<string, { origins: string[]; at: number }>();
  const originsOf = async (host: string): Promise<string[]> => {
    const key = subdomainOf(host, app.config.baseDomain) ?? '';
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.origins;
    const org = await findOrganisation(app.db, key === '' ? null : key);
    const rows = org
      ? await app.db
          .select({
            issuer: ltiPlatforms.issuer,
            loginUrl: ltiPlatforms.loginUrl,
            frameOrigins: ltiPlatforms.frameOrigins,
          })
          .from(ltiPlatforms)
          .where(eq(ltiPlatforms.organisationId, org.id))
      : [];
    const origins = [...new Set(rows.flatMap(frameOriginsOf))];
    cache.set(key, { origins, at: Date.now() });
    return origins;
  };
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('text/html')) return payload;
    const origins = await originsOf(request.host).catch(() => []);
    if (origins.length === 0) return payload;
    const csp = reply.raw.getHeader('content-security-policy');
    if (typeof csp === 'string')
      reply.raw.setHeader(
        'content-security-policy',
        csp.replace("frame-ancestors 'none'", `frame-ancestors 'self' ${origins.join(' ')}`),
      );
    reply.raw.removeHeader('x-frame-options');
    return payload;
  });
}
