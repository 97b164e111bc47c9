import * as table from '@pw/contract/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createOrganisation, type TestApp } from '../../test/helpers';
import { API_PREFIX } from '../app';

// The server's routes against the contract's endpoint table (issue 28 item 5): every endpoint
// of the table is registered, and every API route is an endpoint of the table.
// Routes that are not API endpoints: the document itself, the health check, and the password
// reset's HTML pages outside /api/v1.
const NOT_ENDPOINTS = new Set([`GET ${API_PREFIX}/openapi.json`, `GET ${API_PREFIX}/health`]);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await createOrganisation(t, { subdomain: null });
});
afterAll(async () => t.close());

/** `METHOD /path` without the trailing slash (the router ignores it, and stores paths without). */
const key = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/(.)\/$/, '$1')}`;

/** Every registered route from Fastify's route tree (`printRoutes`), HEAD aside. */
function registeredRoutes(tree: string): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = (m[1] ?? '').length / 4;
    stack.length = depth;
    const path = `${stack.join('')}${m[2]}`;
    stack.push(m[2] ?? '');
    for (const method of (m[3] ?? '').split(',').map((s) => s.trim())) {
      if (method && method !== 'HEAD') out.push(key(method, path));
    }
  }
  return out;
}

describe('the endpoint table', () => {
  it('is what the server registers: no endpoint missing, no route outside it', async () => {
    const expected = Object.values(table).map((e) => key(e.method, `${API_PREFIX}${e.path}`));
    const registered = registeredRoutes(t.app.printRoutes({ commonPrefix: false }));
    expect(registered.length).toBeGreaterThan(expected.length);
    const api = registered.filter(
      (r) => r.split(' ')[1]?.startsWith(`${API_PREFIX}/`) && !NOT_ENDPOINTS.has(r),
    );
    expect(api.sort()).toEqual(expected.sort());
    for (const e of Object.values(table))
      expect(t.app.hasRoute({ method: e.method, url: `${API_PREFIX}${e.path}`.replace(/\/$/, '') })).toBe(
        true,
      );
  });

  it("documents each endpoint's schemas: multipart forms, 201/204 answers, hidden file links", async () => {
    const doc = (await call(t, { method: 'GET', url: `${API_PREFIX}/openapi.json` })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown>; requestBody?: unknown }>>;
    };
    const op = (e: { method: string; path: string }) =>
      doc.paths[`${API_PREFIX}${e.path.replace(/:(\w+)/g, '{$1}')}`]?.[e.method.toLowerCase()];
    expect(Object.keys(op(table.signUp)?.responses ?? {})).toContain('201');
    expect(Object.keys(op(table.deleteCourse)?.responses ?? {})).toContain('204');
    expect(op(table.createCourse)?.requestBody).toBeUndefined();
    expect(op(table.getFile)).toBeUndefined();
    expect(op(table.signIn)?.requestBody).toBeDefined();
    // The performance saves take JSON or multipart, so no body schema.
    expect(op(table.savePerformance)?.requestBody).toBeUndefined();
    expect(Object.keys(op(table.createObjection)?.responses ?? {})).toContain('201');
  });
});
