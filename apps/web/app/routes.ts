import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),

  // Guest-only screens: a signed-in learner is sent to /dashboard.
  route("registration", "routes/registration.tsx"),
  route("login", "routes/login.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password/:token", "routes/reset-password.tsx"),

  // The account area: a visitor is sent to /login, and back here after signing in.
  layout("routes/account-layout.tsx", [
    route("dashboard", "routes/dashboard.tsx"),
    route("my-items", "routes/my-items.tsx"),
    route("my-orders", "routes/my-orders.tsx"),
    route("order-details/:id", "routes/order-details.tsx"),
    route("notifications", "routes/notifications.tsx"),
    route("settings", "routes/settings.tsx"),
  ]),
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
  ]),

  // 'more' is a reserved slug (the More.. pseudo-category): the full list of its entries.
  route("more", "routes/more.tsx"),
  // 'search' is reserved too: the results of the header's search box.
  route("search", "routes/search.tsx"),
  route(":slug", "routes/listing.tsx"),
  route(":slug/:content", "routes/content.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
