import { type EndpointSchema, endpointSchemas, errorBodySchema, ID_MAX } from '@pw/contract';
import * as table from '@pw/contract/endpoints';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Actor, createCourseWorld, ESSAY_AND_PEER_REVIEW, multipart } from '../test/factories';
import { buildTestApp, call, createUser, type TestApp } from '../test/helpers';

// A schema-driven fuzz of every API operation: the OpenAPI document names the operations, their
// path, query and JSON body schemas; the multipart forms come from the contract's schemas. Each
// operation gets hostile values (huge, negative and fractional numbers, NUL bytes, long strings,
// wrong types, missing fields, broken JSON and multipart, long path parameters) as nobody, a
// learner, the instructor and staff. Every answer must be below 500, and every error of the API
// must be the one error body `{ detail, code, fields? }`.

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
  nullable?: boolean;
};
type Parameter = { in: 'path' | 'query'; name: string; schema: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: unknown[];
};
type OpenApi = { paths: Record<string, Record<string, Operation>> };

/** Mulberry32: a small deterministic generator, so a failure replays exactly. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), a | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(20261111);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

const NUL = 'a\u0000b';
const HUGE_INTS = [2 ** 31, 2 ** 31 + 7, 2 ** 53 + 2, 1e20, -(2 ** 31) - 1];
const HOSTILE_NUMBERS: unknown[] = [...HUGE_INTS, -1, 0, 1.5, 1e308, Number.MAX_VALUE, '1e400', 'NaN'];
const HOSTILE_ANY: unknown[] = [
  null,
  true,
  [],
  {},
  [1, 2],
  { a: 1 },
  '',
  ' ',
  NUL,
  '\u0000',
  'x'.repeat(70_000),
  '\ud800',
  '𝕏🙂',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  ...HOSTILE_NUMBERS,
];
const HOSTILE_PATH = [
  '2147483648',
  '2147483647',
  '9007199254740993',
  '99999999999999999999999',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  'abc',
  '%00',
  'a%00b',
  '%zz',
  ' ',
  '1'.repeat(150),
  'x'.repeat(101),
];
const HOSTILE_QUERY = [
  ...HUGE_INTS.map(String),
  '-1',
  '0',
  '1.5',
  '1e400',
  'abc',
  '%00',
  'a%00b',
  'x'.repeat(5000),
];

function types(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

function variantsOf(schema: Schema): Schema[] {
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
}

/** A plausible value for a schema, with real ids where the name says what they point at. */
function sample(schema: Schema, name: string, ids: Record<string, number>): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variants = variantsOf(schema).filter((s) => !types(s).includes('null'));
  if (variants.length) return sample(pick(variants), name, ids);
  const type = types(schema).find((t) => t !== 'null');
  if (type === 'integer' || type === 'number') {
    if (ids[name] !== undefined) return ids[name];
    return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 10, 10));
  }
  if (type === 'boolean') return true;
  if (type === 'array') {
    const n = Math.max(schema.minItems ?? 1, 1);
    return Array.from({ length: n }, () => sample(schema.items ?? {}, name, ids));
  }
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([k, s]) => [k, sample(s, k, ids)]),
    );
  }
  if (schema.format === 'email' || name === 'email') return 'fuzz@example.com';
  if (schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}')) return '2020-01-02';
  if (name.includes('password')) return 'secret123';
  return 'x'.repeat(Math.max(schema.minLength ?? 1, 3));
}

/** Hostile values for one field of a schema. */
function hostileFor(schema: Schema): unknown[] {
  const all = [schema, ...variantsOf(schema)].flatMap(types);
  const out = [pick(HOSTILE_ANY), pick(HOSTILE_ANY)];
  if (all.includes('integer') || all.includes('number')) out.push(...HUGE_INTS, pick(HOSTILE_NUMBERS));
  if (all.includes('string')) out.push(NUL, 'x'.repeat((schema.maxLength ?? 1000) + 1));
  if (all.includes('array'))
    out.push(
      Array.from({ length: 500 }, () => pick(HOSTILE_ANY)),
      [NUL],
      [2 ** 31],
    );
  if (all.includes('object')) out.push('{}', [{}]);
  return out;
}

type Mutation = { path: string[]; value: unknown; nul: boolean; schema: Schema };

/** Every field path of a value built from a schema, with the schema that governs it. */
function fieldsOf(schema: Schema, value: unknown, path: string[] = []): [string[], Schema][] {
  const out: [string[], Schema][] = path.length ? [[path, schema]] : [];
  const resolved = variantsOf(schema).find((s) => s.properties || s.items) ?? schema;
  if (Array.isArray(value) && resolved.items) {
    value.forEach((item, i) => {
      out.push(...fieldsOf(resolved.items as Schema, item, [...path, String(i)]));
    });
  } else if (value && typeof value === 'object' && resolved.properties) {
    for (const [k, s] of Object.entries(resolved.properties)) {
      out.push(...fieldsOf(s, (value as Record<string, unknown>)[k], [...path, k]));
    }
  }
  return out;
}

function setAt(value: unknown, path: string[], replacement: unknown, remove = false): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = path.at(-1) as string;
  if (remove) delete node[last];
  else node[last] = replacement;
  return copy;
}

/** Hostile mutations of one body: each field replaced in turn, some removed, some added. */
function mutations(schema: Schema, base: unknown): Mutation[] {
  const out: Mutation[] = [];
  for (const [path, fieldSchema] of fieldsOf(schema, base)) {
    for (const value of hostileFor(fieldSchema))
      out.push({ path, value, nul: value === NUL, schema: fieldSchema });
  }
  return out;
}

// Multipart forms do not appear in the OpenAPI document: their fields come from the contract's
// endpoint table (each multipart endpoint's `form`), keyed as the document writes the operation.
const FORM_SCHEMAS: Record<string, z.ZodType> = Object.fromEntries(
  Object.values(table).flatMap((e) => {
    const form = (endpointSchemas as Record<string, EndpointSchema>)[e.name]?.form;
    return form ? [[`${e.method} /api/v1${e.path.replace(/:(\w+)/g, '{$1}')}`, form]] : [];
  }),
);
const formSchemaOf = (key: string) =>
  FORM_SCHEMAS[key]
    ? (z.toJSONSchema(FORM_SCHEMAS[key], { io: 'input', unrepresentable: 'any' }) as Schema)
    : undefined;

/** Multipart text fields: nested values (the assignment's `progresses`) travel as JSON. */
/**
 * The field a NUL in a form names: its path, except in an array of one element, which goes as one
 * field of that name (a multipart form cannot tell one repeated field from a single one).
 */
function formNulField(valid: Record<string, unknown>, path: string[]): string {
  const [top] = path;
  const list = top === undefined ? undefined : valid[top];
  return path.length === 2 && Array.isArray(list) && list.length === 1 ? (top as string) : path.join('.');
}

function formFields(value: Record<string, unknown>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    if (k === 'progresses' || (v !== null && typeof v === 'object' && !Array.isArray(v)))
      out[k] = JSON.stringify(v);
    else if (Array.isArray(v)) out[k] = v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x)));
    else out[k] = String(v);
  }
  return out;
}

const BROKEN_MULTIPART: { headers: Record<string, string>; payload: string | Buffer }[] = (() => {
  const b = 'fuzzboundary';
  const ct = { 'content-type': `multipart/form-data; boundary=${b}` };
  const good = multipart({ name: 'x' }, [{ name: 'a.txt', content: 'hello' }]);
  return [
    { headers: { 'content-type': 'multipart/form-data' }, payload: 'no boundary at all' },
    { headers: { 'content-type': 'multipart/form-data; boundary=' }, payload: '--\r\n' },
    { headers: ct, payload: `--${b}\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n--${b}--\r\n` },
    {
      headers: ct,
      payload: `--${b}\r\nContent-Disposition: form-data; filename="a.txt"\r\n\r\nhi\r\n--${b}--\r\n`,
    },
    { headers: ct, payload: `--${b}\r\nContent-Disposition: form-data; name=""\r\n\r\nv\r\n--${b}--\r\n` },
    {
      headers: ct,
      payload: `--${b}\r\nContent-Disposition: form-data; name="a\u0000b"\r\n\r\nv\r\n--${b}--\r\n`,
    },
    { headers: ct, payload: `--${b}\r\nContent-Disposition: form-data; name="name"\r\n\r\nunterminated` },
    { headers: ct, payload: `--${b}\r\nGarbage\r\n\r\n` },
    { headers: ct, payload: '' },
    { headers: { 'content-type': `multipart/form-data; boundary=${'b'.repeat(300)}` }, payload: 'x' },
    { headers: { 'content-type': 'multipart/form-data; boundary="unclosed' }, payload: 'x' },
    { headers: { 'content-type': 'multipart/mixed; boundary=x' }, payload: '--x--' },
    { headers: good.headers, payload: good.payload.subarray(0, good.payload.length - 12) },
    {
      headers: ct,
      payload: `--${b}\r\nContent-Disposition: form-data; name="files"; filename="a\u0000.txt"\r\n\r\nhi\r\n--${b}--\r\n`,
    },
    {
      headers: ct,
      payload: `--${b}\r\nContent-Disposition: form-data; name="files"; filename=""\r\n\r\nhi\r\n--${b}--\r\n`,
    },
  ];
})();

const BROKEN_JSON = [
  '{"a":',
  '[',
  '"\\u0000"',
  'null',
  '1e999999',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{'.repeat(5000),
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  `{"a":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}`,
  '\u0000',
];

type Request = InjectOptions & { token?: string; host?: string };

let t: TestApp;
let world: Awaited<ReturnType<typeof createCourseWorld>>;
let ids: Record<string, number>;
let doc: OpenApi;

beforeAll(async () => {
  t = await buildTestApp();
  world = await createCourseWorld(t);
  const tok = world.tokens.instructor;
  const post = await call(t, {
    method: 'POST',
    url: `/api/v1/courses/${world.course.id}/posts/`,
    token: tok,
    ...multipart({ title: '투표', content: '내용', options: ['A', 'B'] }, [{ name: 'a.txt', content: 'hi' }]),
  });
  expect(post.statusCode).toBe(201);
  const postBody = post.json();
  const comment = await call(t, {
    method: 'POST',
    url: `/api/v1/posts/${postBody.id}/comments/`,
    token: tok,
    payload: { content: '댓글' },
  });
  expect(comment.statusCode).toBe(201);
  const assignment = await call(t, {
    method: 'POST',
    url: `/api/v1/courses/${world.course.id}/assignments/`,
    token: tok,
    ...multipart({ name: '과제', description: '설명', progresses: JSON.stringify(ESSAY_AND_PEER_REVIEW) }),
  });
  expect(assignment.statusCode).toBe(201);
  const learners = (
    await call(t, { method: 'GET', url: `/api/v1/courses/${world.course.id}/learners/`, token: tok })
  ).json() as { id: number }[];
  // The manager area's PATCH may deactivate the user it names: give it one nobody else uses.
  const spare = await createUser(t, world.org.id, { email: `fuzz-spare-${Date.now()}@example.com` });
  ids = {
    userId: spare.id,
    id: world.course.id,
    course: world.course.id,
    postId: postBody.id,
    aid: assignment.json().id,
    commentId: comment.json().id,
    enrollId: learners[0]?.id ?? 1,
    enroll: learners[0]?.id ?? 1,
    option: postBody.poll.options[0].id,
    delete_files: postBody.files[0].id,
    fileId: postBody.files[0].id,
  };
  doc = (await call(t, { method: 'GET', url: '/api/v1/openapi.json' })).json() as OpenApi;
});
afterAll(async () => t?.close());

const ACTORS_UNDER_TEST: Actor[] = ['anonymous', 'learner', 'instructor', 'staff'];

/** A probe may say what it must get: `nulField` a 400 naming that field, `status` one of those. */
type Probe = { label: string; request: Request; nulField?: string; status?: number[] };

const couldBeId = (value: string) => {
  const n = Number(value);
  return value.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= ID_MAX;
};

/** True when a number lies outside the bounds its schema declares (the document's own limits). */
function outOfBounds(schema: Schema, value: unknown): boolean {
  const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number') return false;
  const bounds = [schema, ...variantsOf(schema)].filter((s) => types(s).includes('integer'));
  return (
    bounds.length > 0 &&
    bounds.every(
      (s) => n > (s.maximum ?? Number.POSITIVE_INFINITY) || n < (s.minimum ?? Number.NEGATIVE_INFINITY),
    )
  );
}

/** Every hostile request for one operation and one actor. */
function probesFor(method: string, path: string, op: Operation, token: string | undefined): Probe[] {
  const key = `${method.toUpperCase()} ${path}`;
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const urlWith = (over: Record<string, string> = {}, query = '') =>
    path.replace(/\{([^}]+)\}/g, (_, name: string) => over[name] ?? String(ids[name] ?? 1)) + query;
  const base = (extra: Partial<Request>): Request =>
    ({ method: method.toUpperCase(), url: urlWith(), token, ...extra }) as Request;
  const probes: Probe[] = [{ label: 'plain', request: base({}) }];

  for (const p of pathParams) {
    for (const value of HOSTILE_PATH) {
      probes.push({
        label: `path ${p.name}=${value.slice(0, 20)}`,
        request: base({ url: urlWith({ [p.name]: value }) }),
        // A path that cannot name a row is 404 whatever the route; signed out, 401 comes first
        // unless the router itself refuses the path (too long). A malformed percent-encoding is
        // a 400. A well-formed id may meet the body's validation first, so it gets no rule.
        status: value === '%zz' ? [400] : couldBeId(value) ? undefined : token ? [404] : [401, 404],
      });
    }
  }
  for (const q of queryParams) {
    for (const value of HOSTILE_QUERY) {
      probes.push({
        label: `query ${q.name}=${value.slice(0, 20)}`,
        request: base({ url: urlWith({}, `?${q.name}=${encodeURIComponent(value)}`) }),
        status: !token ? [401] : outOfBounds(q.schema, value) ? [400] : undefined,
      });
    }
    probes.push({
      label: `query ${q.name} twice`,
      request: base({ url: urlWith({}, `?${q.name}=1&${q.name}=2`) }),
    });
  }

  const publicOp = Array.isArray(op.security) && op.security.length === 0;
  const jsonSchema = op.requestBody?.content['application/json']?.schema;
  const formSchema = formSchemaOf(key);
  if (jsonSchema) {
    const valid = sample(jsonSchema, 'body', ids);
    for (const m of mutations(jsonSchema, valid)) {
      probes.push({
        label: `json ${m.path.join('.')}=${JSON.stringify(m.value)?.slice(0, 20)}`,
        request: base({ payload: setAt(valid, m.path, m.value) as object }),
        nulField: m.nul ? m.path.join('.') : undefined,
        // The schema runs before any handler: a number past its bounds (an id past 2^31 - 1) is
        // a 400, never a query.
        status: (token || publicOp) && outOfBounds(m.schema, m.value) ? [400] : undefined,
      });
    }
    for (const [field] of fieldsOf(jsonSchema, valid).filter(([p]) => p.length === 1)) {
      probes.push({
        label: `json without ${field}`,
        request: base({ payload: setAt(valid, field, null, true) as object }),
      });
    }
    for (const whole of [[], 'text', 2 ** 31, null, { extra: NUL }]) {
      probes.push({
        label: `json body ${JSON.stringify(whole)}`,
        request: base({ payload: JSON.stringify(whole), headers: { 'content-type': 'application/json' } }),
      });
    }
  }
  if (method !== 'get' && method !== 'delete') {
    for (const raw of BROKEN_JSON) {
      probes.push({
        label: `broken json ${raw.slice(0, 10)}`,
        request: base({ payload: raw, headers: { 'content-type': 'application/json' } }),
      });
    }
    for (const contentType of ['text/plain', 'application/json; charset=utf-16', 'application/xml']) {
      probes.push({
        label: contentType,
        request: base({ payload: '{}', headers: { 'content-type': contentType } }),
      });
    }
    probes.push({
      label: 'form-urlencoded',
      request: base({
        payload: 'a=1&b=%00',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    });
    for (const broken of BROKEN_MULTIPART) probes.push({ label: 'broken multipart', request: base(broken) });
  }
  if (formSchema) {
    const valid = sample(formSchema, 'form', ids) as Record<string, unknown>;
    if ('progresses' in valid) valid.progresses = ESSAY_AND_PEER_REVIEW;
    for (const m of mutations(formSchema, valid)) {
      const top = m.path[0] as string;
      probes.push({
        label: `form ${m.path.join('.')}=${JSON.stringify(m.value)?.slice(0, 20)}`,
        request: base(multipart(formFields(setAt(valid, m.path, m.value) as Record<string, unknown>))),
        nulField: m.nul && top !== 'progresses' ? formNulField(valid, m.path) : undefined,
      });
    }
    probes.push({
      label: 'form with hostile files',
      request: base(
        multipart(formFields(valid), [
          { name: 'a\u0000.pdf', content: 'x' },
          { name: `${'x'.repeat(300)}.txt`, content: 'x' },
          { name: '../../etc/passwd.txt', content: 'x' },
          { name: 'empty.txt', content: '' },
          { field: 'other', name: 'b.exe', content: 'x' },
        ]),
      ),
    });
  }
  return probes;
}

/** State-changing operations that would end the run early go last. */
function order(method: string, path: string) {
  if (path.endsWith('/sign-out/')) return 3;
  if (method === 'delete') return 2;
  if (path.includes('enroll-change') || path.includes('password-change') || path.endsWith('/profile/'))
    return 1;
  return 0;
}

/** What is wrong with an answer, if anything: a 5xx, or an API error outside the one error body. */
function problemOf(res: Awaited<ReturnType<typeof call>>, what: string, api = true): string | undefined {
  const summary = `${what} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
  if (res.statusCode >= 500) return summary;
  if (!api || res.statusCode < 400) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return summary;
  }
  return errorBodySchema.strict().safeParse(body).success ? undefined : summary;
}

/** Distinct problems, one per operation and probe kind, so a report stays readable. */
function report(problems: string[]) {
  return [...new Set(problems)].slice(0, 40);
}

// These run first: the fuzz signs its actors out at the end.
describe('the cases the fuzz first found', () => {
  const send = (opts: Request) => call(t, { token: world.tokens.instructor, ...opts });
  const boundary = 'pwcase';
  const raw = (body: string) => ({
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });

  it('an id of 2^31 or more is 404 in a path and 400 in a body or query', async () => {
    const path = await send({ method: 'GET', url: '/api/v1/courses/2147483648/' });
    expect(path.statusCode).toBe(404);
    expect(path.json()).toEqual({ code: 'not_found', detail: expect.any(String) });
    const body = await send({
      method: 'POST',
      url: '/api/v1/supports/',
      payload: { content: 'x', course: 2 ** 31 },
    });
    expect(body.statusCode).toBe(400);
    expect(Object.keys(body.json().fields)).toEqual(['course']);
    const query = await call(t, {
      method: 'GET',
      url: '/api/v1/courses/pages/?instructor__group=2147483648',
      token: world.tokens.staff,
    });
    expect(query.statusCode).toBe(400);
    expect(Object.keys(query.json().fields)).toEqual(['instructor__group']);
  });

  it('a NUL byte is a 400 naming the field, in JSON, in a query and in a multipart form', async () => {
    const json = await send({
      method: 'POST',
      url: '/api/v1/supports/',
      payload: { content: 'a\u0000b' },
      headers: { 'accept-language': 'en' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().fields).toEqual({ content: ['Remove the control character (NUL) from this text.'] });
    const query = await call(t, {
      method: 'GET',
      url: '/api/v1/courses/pages/?q=a%00b',
      token: world.tokens.staff,
    });
    expect(query.statusCode).toBe(400);
    expect(Object.keys(query.json().fields)).toEqual(['q']);
    const form = await send({ method: 'POST', url: '/api/v1/courses/', ...multipart({ name: 'a\u0000b' }) });
    expect(form.statusCode).toBe(400);
    expect(form.json().fields).toEqual({ name: ['입력할 수 없는 제어 문자(NUL)가 들어 있습니다.'] });
  });

  it('multipart without a boundary, with a nameless part or cut short is a 400', async () => {
    const bodies = [
      { headers: { 'content-type': 'multipart/form-data' }, payload: 'x' },
      raw(`--${boundary}\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n--${boundary}--\r\n`),
      raw(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nunterminated`),
    ];
    for (const body of bodies) {
      const res = await send({ method: 'POST', url: '/api/v1/courses/', ...body });
      expect(res.statusCode, String(body.payload)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
  });

  it('hostile Host, Authorization, Accept-Language and query shapes answer without a 5xx', async () => {
    const problems: string[] = [];
    const hosts = [
      'x'.repeat(300),
      'a..peer.test',
      'UPPER.PEER.TEST',
      'localhost:99999',
      '[::1]',
      '%00.peer.test',
      '',
    ];
    const auths = [
      'Token',
      'Token ',
      `Token ${'x'.repeat(5000)}`,
      'Bearer abc',
      'Token \u00ff\u00fe',
      'Token a b c',
    ];
    const languages = ['', ',,,', 'x'.repeat(5000), 'en;q=abc', '*'];
    const urls = ['/api/v1/users/configuration/', '/api/v1/users/profile/', '/api/v1/courses/pages/'];
    for (const url of urls) {
      for (const host of hosts) {
        const problem = problemOf(
          await call(t, { method: 'GET', url, host }),
          `host ${host.slice(0, 20)} ${url}`,
        );
        if (problem) problems.push(problem);
      }
      for (const authorization of auths) {
        const res = await call(t, { method: 'GET', url, headers: { authorization } });
        const problem = problemOf(res, `authorization ${authorization.slice(0, 20)} ${url}`);
        if (problem) problems.push(problem);
      }
      for (const language of languages) {
        const res = await call(t, { method: 'GET', url, headers: { 'accept-language': language } });
        const problem = problemOf(res, `accept-language ${language.slice(0, 20)} ${url}`);
        if (problem) problems.push(problem);
      }
      for (const query of [
        '?page[]=1',
        '?page[a]=1',
        '?__proto__=1',
        '?constructor[prototype]=1',
        `?${'a=1&'.repeat(2000)}`,
      ]) {
        const res = await call(t, { method: 'GET', url: url + query, token: world.tokens.staff });
        const problem = problemOf(res, `query ${query.slice(0, 20)} ${url}`);
        if (problem) problems.push(problem);
      }
    }
    expect(report(problems)).toEqual([]);
  });

  it('a path parameter over 100 characters is a 404 in the error body', async () => {
    const res = await send({ method: 'GET', url: `/api/v1/courses/${'1'.repeat(101)}/` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', detail: expect.any(String) });
  });
});

describe('fuzz', () => {
  it('every operation answers hostile input without a 5xx, in the one error body', async () => {
    const operations = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })))
      .sort((a, b) => order(a.method, a.path) - order(b.method, b.path));
    expect(operations.length).toBeGreaterThan(40);
    // The courses', posts' and assignments' creations and edits.
    expect(Object.keys(FORM_SCHEMAS).length).toBeGreaterThanOrEqual(6);
    for (const key of Object.keys(FORM_SCHEMAS)) {
      const [method, path] = key.split(' ') as [string, string];
      expect(doc.paths[path]?.[method.toLowerCase()], `form operation ${key}`).toBeDefined();
    }
    let sent = 0;
    let nulChecked = 0;
    const problems: string[] = [];
    for (const { path, method, op } of operations) {
      for (const actor of ACTORS_UNDER_TEST) {
        const isPublic = Array.isArray(op.security) && op.security.length === 0;
        for (const probe of probesFor(method, path, op, world.tokens[actor])) {
          // Signed out, a protected operation answers 401 before reading the body: only the
          // probes the router meets first (paths) say something new.
          if (
            actor === 'anonymous' &&
            !isPublic &&
            !probe.label.startsWith('path') &&
            probe.label !== 'plain'
          )
            continue;
          const res = await call(t, probe.request);
          sent += 1;
          const what = `${actor} ${method.toUpperCase()} ${path} [${probe.label}]`;
          const problem = problemOf(res, what);
          if (problem) problems.push(problem);
          if (probe.status !== undefined && !probe.status.includes(res.statusCode))
            problems.push(
              `${what}: expected ${probe.status.join('/')}, got ${res.statusCode} ${res.body.slice(0, 200)}`,
            );
          if (probe.nulField && res.statusCode === 400) {
            nulChecked += 1;
            if (!Object.keys(res.json().fields ?? {}).includes(probe.nulField))
              problems.push(`${what}: the NUL field is not named: ${res.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(report(problems)).toEqual([]);
    console.info(`fuzz: ${sent} requests, ${nulChecked} NUL fields named`);
    expect(sent).toBeGreaterThan(3000);
    expect(nulChecked).toBeGreaterThan(10);
    // About 21,000 requests one after another: 232 s on PostgreSQL and over 300 s on PGlite in
    // stop 50's CI, beside the simulation and the other API run on two cores. The limit is there
    // to stop a hang, not to time the server (bench/ does that).
  }, 900_000);

  it('file links and the password-reset pages answer hostile input without a 5xx', async () => {
    const link = `/api/v1/files/${ids.fileId}/`;
    const problems: string[] = [];
    const check = (res: Awaited<ReturnType<typeof call>>, what: string, api = true) => {
      const problem = problemOf(res, what, api);
      if (problem) problems.push(problem);
    };
    for (const id of HOSTILE_PATH) {
      check(await call(t, { method: 'GET', url: `/api/v1/files/${id}/?exp=1&sig=x` }), `file ${id}`);
    }
    for (const q of [
      '',
      '?exp=2147483648&sig=x',
      '?exp=1e400&sig=x',
      '?exp=99999999999999999999&sig=x',
      '?exp=-1&sig=%00',
      `?exp=1&sig=${'x'.repeat(500)}`,
      '?exp=1&sig=x&sig=y',
    ]) {
      check(await call(t, { method: 'GET', url: link + q }), `file ${q}`);
    }
    const pages = [
      '/accounts/password_reset/',
      `/accounts/reset/${'x'.repeat(150)}/`,
      '/accounts/reset/%00/',
    ];
    for (const url of pages) {
      check(await call(t, { method: 'GET', url }), `GET ${url}`, false);
      for (const payload of ['email=a%00b&csrfmiddlewaretoken=x', `email=${'x'.repeat(5000)}`, '%zz=%zz']) {
        check(
          await call(t, {
            method: 'POST',
            url,
            payload,
            headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'pw_csrf=x' },
          }),
          `POST ${url} ${payload.slice(0, 20)}`,
          false,
        );
      }
    }
    expect(report(problems)).toEqual([]);
  });
});
