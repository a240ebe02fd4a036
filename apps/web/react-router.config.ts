import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // One file per route: splitting a route's clientAction and shouldRevalidate off gives each
  // page two more files of a few dozen bytes each (decision 0035).
  splitRouteModules: false,
} satisfies Config;
