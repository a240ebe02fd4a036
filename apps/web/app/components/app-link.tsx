import {
  Link as RouterLink,
  type LinkProps as RouterLinkProps,
  NavLink as RouterNavLink,
  type NavLinkProps as RouterNavLinkProps,
  useLocation,
} from "react-router";

/*
 * The store's links: React Router's <Link> and <NavLink>, rendered cheaper on
 * the server for the links the store has, whose `to` is a path from the root
 * ("/order-details/7").
 *
 * React Router's <Link> resolves its `to` against the route matches on every
 * render: a JSON round trip of the matches, three invariant messages built,
 * a dozen hooks. That is about 40,000 instructions a link (callgrind), and a
 * signed-in page renders 20 to 60 links: 3-6% of the page's CPU. A path from
 * the root resolves to itself, so on the server these render the very <a>
 * React Router renders (the same attributes in the same order, data-discover
 * for its route discovery; app-link.test.tsx compares them). In the browser
 * they are React Router's own, which hydrate that <a> and handle its clicks:
 * the client build, where import.meta.env.SSR is false, keeps none of this.
 */

/** What a URL leaves as it is in a path (no space, quote, angle bracket, brace or backquote). */
const URL_PATH = /^[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;

/**
 * A path from the root that React Router resolves to itself, and a browser
 * leaves unencoded: no "//", "." or ".." segment, only characters of URL_PATH.
 */
function isRootPath(to: unknown): to is string {
  if (typeof to !== "string" || to[0] !== "/" || to[1] === "/") return false;
  const end = to.search(/[?#]/);
  const path = end === -1 ? to : to.slice(0, end);
  return URL_PATH.test(path) && !path.includes("//") && !/\/\.\.?(?:\/|$)/.test(path);
}

/** Props that change what React Router's own link renders. */
const ROUTER_ONLY = ["discover", "prefetch", "reloadDocument", "mask", "target"] as const;

const plain = (props: object) => !ROUTER_ONLY.some((name) => name in props);

/** The server's <Link>: React Router's <a>, for a path from the root. */
export function ServerLink(props: RouterLinkProps) {
  // What only a click or a navigation uses is left out: the server renders no handler.
  const {
    to,
    onClick: _onClick,
    relative: _relative,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    ...rest
  } = props;
  if (!isRootPath(to) || !plain(rest)) return <RouterLink {...props} />;
  return <a {...rest} href={to} data-discover="true" />;
}

/** The server's <NavLink>: React Router's, active on its path and below (only on it with `end`). */
export function ServerNavLink(props: RouterNavLinkProps) {
  const {
    to,
    "aria-current": ariaCurrent = "page",
    caseSensitive = false,
    className = "",
    end = false,
    style,
    children,
    ...rest
  } = props;
  const location = useLocation();
  if (!isRootPath(to) || typeof className !== "string" || typeof style === "function" || typeof children === "function")
    return <RouterNavLink {...props} />;
  // React Router's matching (NavLinkWithRef) for a path from the root; a server render has no
  // navigation under way, so nothing is pending.
  const fold = (path: string) => (caseSensitive ? path : path.toLowerCase());
  const target = fold(to.replace(/[?#].*$/, ""));
  const at = fold(location.pathname);
  const slashAt = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  const isActive = at === target || (!end && at.startsWith(target) && at.charAt(slashAt) === "/");
  return (
    <ServerLink
      {...rest}
      aria-current={isActive ? ariaCurrent : undefined}
      className={isActive ? [className, "active"].filter(Boolean).join(" ") : className}
      style={style}
      to={to}
    >
      {children}
    </ServerLink>
  );
}

export const Link = (import.meta.env.SSR ? ServerLink : RouterLink) as typeof RouterLink;
export const NavLink = (import.meta.env.SSR ? ServerNavLink : RouterNavLink) as typeof RouterNavLink;
