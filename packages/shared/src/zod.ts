import { config, z } from "zod";

// The schemas' zod, set up once for where it runs. A page's policy allows no eval: in the browser zod
// must not compile its fast path with `new Function`, nor even probe whether it may (Chromium reports
// the caught probe as a violation). The server keeps the compiled fast path.
if ("document" in globalThis) config({ jitless: true });

export { z };
