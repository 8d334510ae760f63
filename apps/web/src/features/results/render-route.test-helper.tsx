import { renderToStaticMarkup } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import { vi } from 'vitest';

/** A JSON answer of the API, with its headers (e.g. `x-total-count`). */
export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

/**
 * Stubs `fetch` with `answer`, which gets each request's path (with its query) and init; returns the stub, whose
 * calls say what the screen asked for.
 */
export function stubFetch(
  answer: (path: string, init: RequestInit | undefined) => Response | Promise<Response>,
) {
  const stub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => answer(String(input), init));
  vi.stubGlobal('fetch', stub);
  return stub;
}

/**
 * Renders `url` through `routes` as the server side of React Router does: the loaders run (against the stubbed
 * `fetch`), then the matched screens render to HTML. A redirect answers its Response instead.
 */
export async function renderRoute(routes: RouteObject[], url: string): Promise<string | Response> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://stride.test')));
  if (context instanceof Response) return context;
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

/** The HTML of a render, failing the test when it was a redirect. */
export async function renderHtml(routes: RouteObject[], url: string): Promise<string> {
  const html = await renderRoute(routes, url);
  if (typeof html !== 'string') throw new Error(`Redirected to ${html.headers.get('location')}`);
  return html;
}
