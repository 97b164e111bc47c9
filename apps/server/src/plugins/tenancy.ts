import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';
import {
  findOrganisation,
  type Organisation,
  subdomainOf,
} from '../modules/organisations/organisations.service';

const CACHE_MS = 10_000;

/**
 * Resolves the organisation of every request from its Host header. Lookups are cached briefly
 * per subdomain; settings changes reach every process within CACHE_MS.
 */
export function registerTenancy(app: FastifyInstance) {
  const cache = new Map<string, { org: Organisation | undefined; at: number }>();
  app.decorateRequest('org', null as unknown as Organisation);
  app.addHook('onRequest', async (request) => {
    const subdomain = subdomainOf(request.host, app.config.baseDomain);
    const key = subdomain ?? '';
    const now = Date.now();
    let hit = cache.get(key);
    if (!hit || now - hit.at > CACHE_MS) {
      hit = { org: await findOrganisation(app.db, subdomain), at: now };
      cache.set(key, hit);
    }
    if (!hit.org) throw new AppError('organisation_not_found');
    request.org = hit.org;
  });
}
