import { type MouseEvent, useEffect } from "react";
import {
  type NavigateFunction,
  Link as RouterLink,
  type LinkProps as RouterLinkProps,
  NavLink as RouterNavLink,
  type NavLinkProps as RouterNavLinkProps,
  useLocation,
  useNavigate,
  useNavigation,
} from "react-router";

/*
 * The store's links: React Router's <Link> and <NavLink>, cheaper for the links
 * the store has, whose `to` is a path from the root ("/order-details/7").
 *
 * React Router's <Link> resolves its `to` against the route matches on every
 * render: a JSON round trip of the matches, three invariant messages built,
 * a dozen hooks. That is about 40,000 instructions a link (callgrind), and a
 * signed-in page renders 20 to 60 links: 3-6% of the page's CPU. A path from
 * the root resolves to itself, so these render the very <a> React Router
 * renders (the same attributes in the same order, data-discover for its route
 * discovery) and, on a click, navigate as it does: a left click without
 * modifier keys, into the app, replacing the history entry when the link is
 * the current URL. Anything else (a relative or object `to`, a target, state,
 * replace, prefetch, reloadDocument, a render function) goes to React Router's.
 */

/** The app's navigate and where it is, once the app has hydrated: until then a link is a plain link. */
let app: { navigate: NavigateFunction; href: string } | null = null;

/** Lets the store's links navigate in the app; the root layout calls it once. */
export function useAppLinks(): void {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    app = { navigate, href: pathname + search + hash };
    return () => {
      app = null;
    };
  }, [navigate, pathname, search, hash]);
}

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

/** Props only React Router's own link handles. */
const ROUTER_ONLY = [
  "discover",
  "prefetch",
  "relative",
  "reloadDocument",
  "replace",
  "mask",
  "state",
  "target",
  "preventScrollReset",
  "viewTransition",
  "defaultShouldRevalidate",
] as const;

const plain = (props: object) => !ROUTER_ONLY.some((name) => name in props);

function follow(event: MouseEvent<HTMLAnchorElement>, to: string): void {
  const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
  if (!app || event.defaultPrevented || event.button !== 0 || modified) return;
  event.preventDefault();
  app.navigate(to, { replace: app.href === to });
}

export function Link(props: RouterLinkProps) {
  const { to, onClick, ...rest } = props;
  if (!isRootPath(to) || !plain(rest)) return <RouterLink {...props} />;
  return (
    <a
      {...rest}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        follow(event, to);
      }}
      data-discover="true"
    />
  );
}

export function NavLink(props: RouterNavLinkProps) {
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
  const navigation = useNavigation();
  const usable =
    isRootPath(to) &&
    plain(rest) &&
    typeof className === "string" &&
    typeof style !== "function" &&
    typeof children !== "function";
  if (!usable) return <RouterNavLink {...props} />;
  // React Router's matching (NavLinkWithRef), for a path from the root.
  const fold = (path: string) => (caseSensitive ? path : path.toLowerCase());
  const target = fold(to.replace(/[?#].*$/, ""));
  const matches = (pathname: string | null, slashAt: number) =>
    pathname != null &&
    (pathname === target || (!end && pathname.startsWith(target) && pathname.charAt(slashAt) === "/"));
  const isActive = matches(
    fold(location.pathname),
    target !== "/" && target.endsWith("/") ? target.length - 1 : target.length,
  );
  const next = navigation.location ? fold(navigation.location.pathname) : null;
  const isPending = matches(next, target.length);
  return (
    <Link
      {...rest}
      aria-current={isActive ? ariaCurrent : undefined}
      className={[className, isActive ? "active" : null, isPending ? "pending" : null].filter(Boolean).join(" ")}
      style={style}
      to={to}
    >
      {children}
    </Link>
  );
}
