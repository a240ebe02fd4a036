import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route(":slug", "routes/listing.tsx"),
  route(":slug/:content", "routes/content.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
