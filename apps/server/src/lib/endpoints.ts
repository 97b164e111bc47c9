import {
  type AnyEndpoint,
  type Endpoint,
  type EndpointSchema,
  type EndpointStatus,
  endpointSchemas,
} from '@pw/contract';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

// Routes registered from the contract's endpoint table (issue 28 item 5): the method, the path
// and the schemas come from `@pw/contract/endpoints` and `endpointSchemas`, so a route cannot
// restate (and drift from) what the web calls. A route file says only what the table cannot:
// the handler, `config` (public, rate limits) and the OpenAPI document's tags.

type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
type Schemas = typeof endpointSchemas;
type SchemasOf<E extends AnyEndpoint> = Schemas[E['name']];
type Picked<E extends AnyEndpoint, K extends string> = K extends keyof SchemasOf<E>
  ? { [P in K]: SchemasOf<E>[K] }
  : { [P in K]?: undefined };

/** The Fastify schema of an endpoint, typed: params, querystring, body and the response at its status. */
export type RouteSchemaOf<E extends AnyEndpoint> = FastifySchema &
  Picked<E, 'params'> &
  Picked<E, 'querystring'> &
  Picked<E, 'body'> &
  (SchemasOf<E> extends { response: infer R } ? { response: { [S in EndpointStatus<E>]: R } } : unknown);

/**
 * What the OpenAPI document says beside the table: the tags, hidden routes, non-JSON answers and
 * a description (what a form that the document cannot show carries).
 */
export type RouteDocs = { tags?: string[]; hide?: boolean; produces?: string[]; description?: string };

export type EndpointRouteOptions<E extends AnyEndpoint> = Omit<
  RouteOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    RouteSchemaOf<E>,
    ZodTypeProvider,
    FastifyBaseLogger
  >,
  'method' | 'url' | 'schema'
> &
  RouteDocs;

/** The Fastify schema an endpoint's route is registered with (the table plus the docs). */
export function routeSchema(endpoint: AnyEndpoint, docs: RouteDocs = {}): FastifySchema {
  const table: EndpointSchema = endpointSchemas[endpoint.name];
  const schema: Record<string, unknown> = {};
  if (docs.hide) schema.hide = true;
  if (docs.tags) schema.tags = docs.tags;
  if (table.params) schema.params = table.params;
  if (table.querystring) schema.querystring = table.querystring;
  if (table.body) schema.body = table.body;
  if (table.form) schema.consumes = ['multipart/form-data'];
  // No body schema: Fastify would apply it to the multipart form too; the handler reads either.
  if (table.jsonOrForm) schema.consumes = ['multipart/form-data', 'application/json'];
  if (docs.description) schema.description = docs.description;
  if (docs.produces) schema.produces = docs.produces;
  if (table.response) schema.response = { [(endpoint as Endpoint).status ?? 200]: table.response };
  return schema;
}

/**
 * Registers one endpoint of the table on `app`: its method, path and schemas from the contract,
 * the handler and options from the caller (typed by the endpoint's schemas through the zod type
 * provider). The handler still sets a 201 or 204 itself (`reply.code(201).send(…)`), which the
 * response schema, keyed by the endpoint's status, types.
 */
export function defineRoute<E extends AnyEndpoint>(app: App, endpoint: E, options: EndpointRouteOptions<E>) {
  const { tags, hide, produces, description, ...rest } = options;
  app.route({
    ...(rest as unknown as Omit<RouteOptions, 'method' | 'url' | 'schema'>),
    method: endpoint.method,
    url: endpoint.path,
    schema: routeSchema(endpoint, { tags, hide, produces, description }),
  });
}

/** `defineRoute` bound to a module's app and OpenAPI tags: `const route = endpointRouter(app, ['posts'])`. */
export function endpointRouter(app: App, tags: string[]) {
  return <E extends AnyEndpoint>(endpoint: E, options: EndpointRouteOptions<E>) =>
    defineRoute(app, endpoint, { tags, ...options });
}
