import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  future: {
    // Loaders and actions get the request as it came (and read the page's address from their url
    // argument) where React Router would otherwise copy it twice for each of them, stripping .data,
    // _routes and index: every copy follows the request's abort signal through a finalizer, and those
    // ran as a burst of 60-90 ms after each full garbage collection. React Router 8's behaviour.
    v8_passThroughRequests: true,
  },
} satisfies Config;
