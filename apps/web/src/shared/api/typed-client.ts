// The API's paths as openapi-typescript generates them from the OpenAPI document the server serves
// (the SDK's generated file, kept current by its test). A type-only import: nothing of it ships.
import type { paths } from '../../../../../sdks/typescript/src/schema.generated';
import { type RequestOptions, request } from './http';

/**
 * The web app's calls typed from the OpenAPI document, over the one HTTP path (`request` in http.ts):
 * a path and method the document does not have, a wrong body, a missing path parameter or a query
 * field it does not name fail to compile, and the answer's type is the document's 2xx body. Types
 * only, like openapi-fetch's but without its runtime (about 3 KB gzip minified, which the buyer's pages have no room
 * for): the errors, time-out and abort are http.ts's.
 */

/** The method as http.ts sends it (upper case: fetch does not normalise PATCH). */
export type Method = RequestOptions['method'];
type Lower<M extends Method> = Lowercase<M>;

/** The paths that have an operation for the method. */
export type PathWith<M extends Method> = {
  [P in keyof paths]: paths[P][Lower<M>] extends undefined ? never : P;
}[keyof paths];

type Operation<P extends keyof paths, M extends Method> = paths[P][Lower<M>];

type JsonBody<R> = R extends { content: { 'application/json': infer B } } ? B : null;
type Responses<O> = O extends { responses: infer R } ? R : never;
/** The operation's JSON answer on success (a 2xx without a body is null). */
export type SuccessBody<O> = JsonBody<Responses<O>[Extract<keyof Responses<O>, 200 | 201 | 202 | 204>]>;

type JsonContent<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type RequestBody<O> = O extends { requestBody?: infer R } ? JsonContent<R> : never;
type PathParams<O> = O extends { parameters: { path: infer P } } ? P : never;
type QueryParams<O> = O extends { parameters: { query?: infer Q } } ? Q : never;

/**
 * What a call sends besides its method and path: http.ts's options, with the path's parameters
 * (`path`), the query and the body typed by the operation.
 */
export type CallOptions<O> = Omit<RequestOptions, 'method' | 'path' | 'query' | 'body'> &
  ([PathParams<O>] extends [never] ? { path?: never } : { path: PathParams<O> }) &
  ([QueryParams<O>] extends [never | undefined] ? { query?: never } : { query?: QueryParams<O> }) &
  ([RequestBody<O>] extends [never]
    ? { body?: never }
    : // A body the document lets be null the server also takes absent (its schema is nullish).
      null extends RequestBody<O>
      ? { body?: RequestBody<O> }
      : { body: RequestBody<O> });

/** A path template with its parameters filled: `/api/order/orders/${string}/client`. */
export type FilledPath<P extends string> = P extends `${infer Head}{${string}}${infer Tail}`
  ? `${Head}${string}${FilledPath<Tail>}`
  : P;

/**
 * One operation's types, for a call made with `request` itself and no code of this file: the buyer's
 * pages, whose first load has no bytes to spare, type their calls this way — the path's shape with
 * `satisfies`, the body with `satisfies`, the answer as `request`'s type argument.
 */
export interface ApiOperation<M extends Method, P extends PathWith<M>> {
  path: FilledPath<P>;
  query: NonNullable<QueryParams<Operation<P, M>>>;
  body: RequestBody<Operation<P, M>>;
  answer: SuccessBody<Operation<P, M>>;
}

/**
 * `/api/order/orders/{order_id}` with its parameters filled in, each encoded. A template without
 * parameters never reads them, and the types make a template's parameters present.
 */
export function fillPath(template: string, params: unknown): string {
  const values = params as Record<string, string | number>;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] as string));
}

/**
 * One operation of the document. Kept to a few bytes, since every buyer page loads it: the options
 * go to `request` as they are, their `path` (the parameters) giving way to the filled-in path; the
 * document's query values (strings, numbers, lists of strings) are what buildQuery takes.
 */
export function callApi<M extends Method, P extends PathWith<M>>(
  method: M,
  path: P,
  options: CallOptions<Operation<P, M>>,
): Promise<SuccessBody<Operation<P, M>>> {
  return request({ ...options, method, path: fillPath(path, options.path) } as RequestOptions);
}
