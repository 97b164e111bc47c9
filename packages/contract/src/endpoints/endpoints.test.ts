import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as table from './index';
import { type EndpointSchema, endpointSchemas } from './schemas';

const endpoints = Object.values(table);
const schemas: Record<string, EndpointSchema> = endpointSchemas;

describe('the endpoint table', () => {
  it('has schemas for every endpoint, and no schemas without an endpoint', () => {
    expect(endpoints.map((e) => e.name).sort()).toEqual(Object.keys(schemas).sort());
  });

  it('names each endpoint after its export', () => {
    for (const [exported, e] of Object.entries(table)) expect(e.name).toBe(exported);
  });

  it('has one endpoint per method and path', () => {
    const keys = endpoints.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('writes paths as /segments/ with :params, and only 201 or 204 as other statuses', () => {
    for (const e of endpoints) {
      expect(e.path, e.name).toMatch(/^(\/([a-z][a-z0-9-]*|:[a-zA-Z]+))+\/$/);
      if ('status' in e) expect([201, 204], e.name).toContain(e.status);
    }
  });

  it("declares exactly the path's parameters in its params schema", () => {
    for (const e of endpoints) {
      const names = [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      expect(Object.keys(schemas[e.name]?.params?.shape ?? {}).sort(), e.name).toEqual(names.sort());
    }
  });

  it('answers a 204 with no body and a JSON body with neither a form nor a GET', () => {
    for (const e of endpoints) {
      const s = schemas[e.name] ?? {};
      if ('status' in e && e.status === 204) expect(s.response, e.name).toBeInstanceOf(z.ZodNull);
      if (s.body) expect(s.form, e.name).toBeUndefined();
      if (s.jsonOrForm) expect(s.body ?? s.form, e.name).toBeUndefined();
      if (e.method === 'GET') expect(s.body ?? s.form ?? s.jsonOrForm, e.name).toBeUndefined();
    }
  });
});
