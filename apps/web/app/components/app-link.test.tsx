import fc from "fast-check";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  Link as RouterLink,
  NavLink as RouterNavLink,
  StaticRouterProvider,
} from "react-router";
import { describe, expect, it } from "vitest";
import { ServerLink as Link, ServerNavLink as NavLink } from "./app-link";

/** `element` rendered by a router whose location is `url`, as the server renders a page. */
async function renderAt(url: string, element: ReactNode): Promise<string> {
  const routes = [{ path: "*", element }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, "http://store.test")));
  if (context instanceof Response) throw new Error(`no page at ${url}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

// Paths such as links carry them, and the odd ones React Router resolves: "//", "." and "..", "?" and "#".
const segment = fc.constantFrom("docker", "Docker", "my-orders", "order-details", "7", ".", "..", "", "a b", "%20");
const path = fc.array(segment, { minLength: 0, maxLength: 4 }).map((parts) => `/${parts.join("/")}`);
const to = fc.oneof(
  path,
  fc.tuple(path, fc.constantFrom("?cursor=YTE3.Bg", "#main", "?q=a#b", "")).map(([p, rest]) => p + rest),
  fc.constantFrom("docker", "./docker", "../x", "//evil.test/x", "https://store.test/docker", "?page=2", ""),
);
const location = fc.oneof(
  fc
    .array(fc.constantFrom("docker", "Docker", "my-orders", "order-details", "7"), { maxLength: 3 })
    .map((parts) => `/${parts.join("/")}`),
  fc.constantFrom("/", "/docker", "/docker/image-layers", "/my-orders/", "/DOCKER"),
);

describe("the store's links, rendered on the server", () => {
  it("render what React Router's Link renders, for any `to`", async () => {
    await fc.assert(
      fc.asyncProperty(to, location, async (target, at) => {
        const ours = await renderAt(
          at,
          <Link to={target} className="button" title="x">
            Go
          </Link>,
        );
        const theirs = await renderAt(
          at,
          <RouterLink to={target} className="button" title="x">
            Go
          </RouterLink>,
        );
        expect(ours).toBe(theirs);
      }),
      { numRuns: 300 },
    );
  });

  it("render what React Router's NavLink renders, active or not, for any `to` and location", async () => {
    await fc.assert(
      fc.asyncProperty(to, location, fc.boolean(), async (target, at, end) => {
        const ours = await renderAt(
          at,
          <NavLink to={target} className="nav-link" end={end}>
            Go
          </NavLink>,
        );
        const theirs = await renderAt(
          at,
          <RouterNavLink to={target} className="nav-link" end={end}>
            Go
          </RouterNavLink>,
        );
        expect(ours).toBe(theirs);
      }),
      { numRuns: 300 },
    );
  });

  it("mark the current page as React Router does", async () => {
    const html = await renderAt("/docker/image-layers", <NavLink to="/docker">Docker</NavLink>);
    expect(html).toBe('<a aria-current="page" class="active" href="/docker" data-discover="true">Docker</a>');
    const exact = await renderAt(
      "/docker/image-layers",
      <NavLink to="/docker" end>
        Docker
      </NavLink>,
    );
    expect(exact).toBe('<a class="" href="/docker" data-discover="true">Docker</a>');
  });
});
