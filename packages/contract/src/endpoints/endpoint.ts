/**
 * One API endpoint: its name (the key of its schemas in `endpointSchemas`), method, path under
 * `/api/v1` (path parameters as `:name`, as Fastify writes them) and success status (200 unless
 * said). Plain objects without zod, so a web page can import an endpoint without its schemas.
 */
export type Endpoint = {
  readonly name: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly status?: 201 | 204;
};

/** The success status of an endpoint: 200 unless it says 201 or 204. */
export type EndpointStatus<E extends Endpoint> = E extends { status: infer S extends number } ? S : 200;

/** The names of a path's parameters: `'/courses/:id/posts/:postId/'` → `'id' | 'postId'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
