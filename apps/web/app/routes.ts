import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";
import type { LanguageCode } from "@skillshelf/shared/i18n/languages.ts";

/**
 * The languages whose pages live under their code: PREFIXED_LANGUAGES of the shared package, written
 * out because the route config is run before that package is built (react-router typegen in a fresh
 * clone's lint); routes.test.ts checks the two agree.
 */
export const URL_LANGUAGES = ["es", "fr"] as const satisfies readonly LanguageCode[];

/**
 * The pages every language has: English's at the root, Spanish's under /es and French's under
 * /fr (docs/languages.md), each language's route ids its own (es/routes/listing). The rest,
 * the account area, cart, checkout and the operator's area, are English URLs only: they
 * follow the learner's language setting.
 */
function languagePages(language: LanguageCode) {
  // English's route ids are React Router's own (the file's path); the others' carry their language.
  const as = (name: string) => (language === "en" ? {} : { id: `${language}/routes/${name}` });
  const page = (path: string, name: string) => route(path, `routes/${name}.tsx`, as(name));
  return [
    index("routes/home.tsx", as("home")),

    // Guest-only screens: a signed-in learner is sent to /dashboard.
    page("registration", "registration"),
    page("login", "login"),
    page("login/second-step", "login-second-step"),
    page("forgot-password", "forgot-password"),
    page("reset-password/:token", "reset-password"),

    // 'more' is a reserved slug (the More.. pseudo-category): the full list of its entries.
    page("more", "more"),
    // 'search' is reserved too: the results of the header's search box.
    page("search", "search"),
    page(":slug", "listing"),
    page(":slug/:content", "content"),
    page("*", "not-found"),
  ];
}

export default [
  ...languagePages("en"),
  // 'es' and 'fr' are reserved slugs: /es/docker is Docker's Spanish page.
  ...URL_LANGUAGES.flatMap((language) => prefix(language, languagePages(language))),

  // The account area: a visitor is sent to /login, and back here after signing in.
  layout("routes/account-layout.tsx", [
    route("dashboard", "routes/dashboard.tsx"),
    route("my-items", "routes/my-items.tsx"),
    route("my-orders", "routes/my-orders.tsx"),
    route("order-details/:id", "routes/order-details.tsx"),
    // The seat manager's team purchases ('my-teams' is a reserved slug).
    route("my-teams", "routes/my-teams.tsx"),
    route("notifications", "routes/notifications.tsx"),
    route("settings", "routes/settings.tsx"),
    // "Delete my account": the mailed one-time link's page.
    route("delete-account/:token", "routes/delete-account.tsx"),
  ]),
  // Where a deleted account lands, signed out.
  route("account-deleted", "routes/account-deleted.tsx"),
  // An invitation to claim a seat of a team purchase ('teams' is a reserved slug): anyone may open it.
  route("teams/join/:code", "routes/team-join.tsx"),
  route("cart", "routes/cart.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("payment-confirmation", "routes/payment-confirmation.tsx", { id: "payment-confirmation" }),
  route("order-confirmation", "routes/payment-confirmation.tsx", { id: "order-confirmation" }),
  route("payment-cancelled", "routes/payment-cancelled.tsx"),

  // The operator's area: a visitor is sent to /login, a learner gets a 403.
  route("admin", "routes/admin-layout.tsx", [
    index("routes/admin-catalogue.tsx", { id: "admin-index" }),
    // The catalogue's tree, with each editor's own route under it (features/admin/catalogue/catalogue-url.ts).
    route("catalogue", "routes/admin-catalogue.tsx", [
      route("categories/new", "routes/admin-catalogue-category.tsx", { id: "catalogue-new-parent" }),
      route("categories/:parentId/artefacts/new", "routes/admin-catalogue-category.tsx", {
        id: "catalogue-new-artefact",
      }),
      route("categories/:categoryId", "routes/admin-catalogue-category.tsx", { id: "catalogue-category" }),
      route("artefacts/:artefactId/groups/new", "routes/admin-catalogue-group.tsx", { id: "catalogue-new-group" }),
      route("groups/:groupId", "routes/admin-catalogue-group.tsx", { id: "catalogue-group" }),
      route("artefacts/:artefactId/contents/new", "routes/admin-catalogue-content.tsx", {
        id: "catalogue-new-content",
      }),
      route("artefacts/:artefactId/groups/:groupId/contents/new", "routes/admin-catalogue-content.tsx", {
        id: "catalogue-new-grouped-content",
      }),
      route("contents/:contentId", "routes/admin-catalogue-content.tsx", { id: "catalogue-content" }),
    ]),
    route("users", "routes/admin-users.tsx"),
    route("orders", "routes/admin-orders.tsx"),
    route("orders/:id", "routes/admin-order.tsx"),
    route("coupons", "routes/admin-coupons.tsx"),
    route("sales", "routes/admin-sales.tsx"),
    route("vat-rates", "routes/admin-vat-rates.tsx"),
    route("teams", "routes/admin-teams.tsx"),
    route("audit", "routes/admin-audit.tsx"),
  ]),
] satisfies RouteConfig;
