import type { AnyEndpoint, EndpointBody, EndpointForm, EndpointQuery, PathParamNames } from '@pw/contract';

// The options of the calls typed by the contract's endpoint table (`callEndpoint` in ./api.ts,
// `uploadEndpoint` and `downloadEndpoint` in ./endpoint-client.ts). Types only.

export type ParamValue = string | number;
export type ParamsOption<E extends AnyEndpoint> = [PathParamNames<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParamNames<E['path']>, ParamValue> };
export type QueryOption<E extends AnyEndpoint> =
  EndpointQuery<E> extends undefined ? { query?: undefined } : { query?: EndpointQuery<E> };
type BodyOption<E extends AnyEndpoint> =
  EndpointBody<E> extends undefined ? { body?: undefined } : { body: EndpointBody<E> };
/** A multipart endpoint goes through `uploadEndpoint`: `callEndpoint` refuses it. */
type NotMultipart<E extends AnyEndpoint> = EndpointForm<E> extends undefined ? unknown : { multipart: never };

/** `callEndpoint`'s options: the path parameters, the query and the body the endpoint takes. */
export type CallOptions<E extends AnyEndpoint> = ParamsOption<E> &
  QueryOption<E> &
  BodyOption<E> &
  NotMultipart<E> & { signal?: AbortSignal };
/** The options argument, optional when nothing in it is required. */
export type OptionsArg<O> = object extends O ? [options?: O] : [options: O];

/** A query-string value: missing, empty and null values are left out; arrays repeat the key. */
export type QueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly (string | number | boolean)[];
