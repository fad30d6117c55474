import type { OpenAPIHono, RouteConfig } from '@hono/zod-openapi';
import type { z } from 'zod';
import type { AppDeps, SessionUser } from '../app-env';
import type { StaffEnv } from './staff-router';

/*
 * The routes every area that keeps records has, wired the one way they all are: list them (200,
 * the query), add one (201, the body), open one (200), its audit trail (200), replace one (200,
 * the body) and delete one (204). Each goes to the service function of the same name, which gets
 * the signed-in user first, as every service does (docs/adding-an-area.md, files 5 and 6).
 */

type JsonOf<Part> = Part extends { content: { 'application/json': { schema: infer Z extends z.ZodType } } }
  ? z.output<Z>
  : never;
type Answer<R extends RouteConfig, Status extends number> = JsonOf<R['responses'][Status]>;
type QueryOf<R extends RouteConfig> = R['request'] extends { query: infer Z extends z.ZodType }
  ? z.output<Z>
  : never;
type BodyOf<R extends RouteConfig> = JsonOf<NonNullable<R['request']>['body']>;

/** The route contracts of a record (`<area>.route-contracts.ts`); an area may have only some of them. */
export interface RecordRouteContracts {
  list?: RouteConfig;
  create?: RouteConfig;
  get?: RouteConfig;
  history?: RouteConfig;
  update?: RouteConfig;
  delete?: RouteConfig;
}

type Route<T extends RecordRouteContracts, K extends keyof RecordRouteContracts> = NonNullable<T[K]>;

/**
 * The service functions that answer them, typed by the contracts: each takes what its route's
 * request carries and answers what its route's response describes.
 */
export interface RecordService<T extends RecordRouteContracts> {
  list: (
    deps: AppDeps,
    user: SessionUser,
    query: QueryOf<Route<T, 'list'>>,
  ) => Promise<Answer<Route<T, 'list'>, 200>>;
  create: (
    deps: AppDeps,
    user: SessionUser,
    input: BodyOf<Route<T, 'create'>>,
  ) => Promise<Answer<Route<T, 'create'>, 201>>;
  get: (deps: AppDeps, user: SessionUser, id: string) => Promise<Answer<Route<T, 'get'>, 200>>;
  history: (deps: AppDeps, user: SessionUser, id: string) => Promise<Answer<Route<T, 'history'>, 200>>;
  update: (
    deps: AppDeps,
    user: SessionUser,
    id: string,
    input: BodyOf<Route<T, 'update'>>,
  ) => Promise<Answer<Route<T, 'update'>, 200>>;
  delete: (deps: AppDeps, user: SessionUser, id: string) => Promise<void>;
}

/** The record id of a route's path (`/{id}/...`, IdParamSchema), as every handler of one record reads it. */
export const recordId = (c: { req: { valid(target: 'param'): { id: string } } }) => c.req.valid('param').id;

/** What a handler reads of its request here: the contracts above have already typed it for the service. */
interface Call {
  var: { staff: SessionUser };
  req: { valid(target: 'param'): { id: string }; valid(target: 'query' | 'json'): unknown };
  json(answer: unknown, status: 200 | 201): Response;
  body(answer: null, status: 204): Response;
}

/**
 * Wires each function of `service` to the route of the same name in `routes`, in the order list,
 * create, get, history, update, delete; an area answers its other routes, and any of these its own
 * way, with its own handlers. Routes whose fixed paths a `/{id}` would catch (`/export`, `/manage`)
 * are registered before it is called.
 */
export function recordRoutes<T extends RecordRouteContracts>(
  router: OpenAPIHono<StaffEnv>,
  deps: AppDeps,
  routes: T,
  service: { [K in keyof T & keyof RecordService<T>]?: RecordService<T>[K] },
): void {
  // The router types a handler from one route it knows; through these generic routes it cannot, so
  // the handlers are given as the plain functions they are, typed by RecordService above.
  const s = service as Partial<RecordService<RecordRouteContracts>>;
  const on = (name: keyof RecordRouteContracts, handler: (c: Call) => Promise<Response>) => {
    const route = routes[name];
    if (route && s[name]) router.openapi(route, handler as never);
  };
  on('list', async (c) => c.json(await s.list!(deps, c.var.staff, c.req.valid('query') as never), 200));
  on('create', async (c) => c.json(await s.create!(deps, c.var.staff, c.req.valid('json') as never), 201));
  on('get', async (c) => c.json(await s.get!(deps, c.var.staff, recordId(c)), 200));
  on('history', async (c) => c.json(await s.history!(deps, c.var.staff, recordId(c)), 200));
  on('update', async (c) =>
    c.json(await s.update!(deps, c.var.staff, recordId(c), c.req.valid('json') as never), 200),
  );
  on('delete', async (c) => {
    await s.delete!(deps, c.var.staff, recordId(c));
    return c.body(null, 204);
  });
}
