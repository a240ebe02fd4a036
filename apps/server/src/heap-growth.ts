import v8 from "node:v8";
import vm from "node:vm";

/**
 * After a full collection V8 lets the JavaScript heap grow to up to four times
 * what survived it before the next one, the more the cheaper collections have
 * been. Batch work such as a catalogue import makes short-lived garbage faster
 * than that: the 100x import held three times its live data, 300 MB more than
 * the idle store. Growing by at most half keeps such a peak within 1.5 times
 * the idle store's memory, for collections a little more often (each marks
 * only the live data, ~100 MB, mostly on another thread).
 *
 * Serving pages is not such work: under the bound a store at 32 clients ran
 * a full collection twice a second (27 against 11 in the same run) and spent
 * 5-20% more CPU a page. So the server bounds the growth only while an import
 * runs, and the commands, which do batch work only, for their whole run.
 *
 * Serving pages wants the other end. V8's own factor follows how cheap its
 * collections look, and with the marking on a helper thread they look cheap:
 * at 32 clients it let a store process grow by only half again (73 -> 110 MB)
 * and ran a full collection every 2.5-5 s. Their marking competes for the two
 * cores with the pages, so the requests in flight at one set /my-orders' p99.
 * A store therefore grows its heap to three times what survived while it
 * serves: full collections about half as often at that load, for up to ~220 MB
 * of heap per process at its peak. Four times (V8's largest factor) did better
 * still on /my-orders (p99 median 91 -> 71 ms in alternating rounds) but let
 * four 50 MB downloads grow the two processes by 67 MB, over bench:media's 64;
 * at three times they grew by 16-32 MB, as under V8's own factor.
 *
 * V8 reads the factor whenever it sets the heap's next limit (after each full
 * collection); 0 is V8's own, dynamic factor. A store that has served pages
 * a while has a limit of up to four times its live data, and an import
 * starting under it peaked at 1.53 times the idle store's memory. So the bound
 * starts with a full collection, which sets the limit anew.
 */
const HEAP_GROWING_PERCENT = 50;
const SERVING_HEAP_GROWING_PERCENT = 200;

/** What the heap grows by when no batch work runs: V8's own factor, until a store starts serving. */
let restingPercent = 0;
/** Batch work under way (withBoundedHeapGrowth). */
let batches = 0;

function setHeapGrowth(percent: number): void {
  v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}

/** For a process that only does batch work (the commands). */
export function boundHeapGrowth(): void {
  setHeapGrowth(HEAP_GROWING_PERCENT);
}

/** For a store process that serves pages (serve.ts): full collections far apart. */
export function growHeapForServing(): void {
  restingPercent = SERVING_HEAP_GROWING_PERCENT;
  if (batches === 0) setHeapGrowth(restingPercent);
}

let collect: (() => void) | undefined;

/** A full collection now. Node has no API for it; a new context gets V8's gc() once the flag is set. */
function collectGarbage(): void {
  if (!collect) {
    v8.setFlagsFromString("--expose-gc");
    collect = vm.runInNewContext("gc") as () => void;
  }
  collect();
}

/** Runs batch work with the heap's growth bounded; the resting factor comes back when the last one ends. */
export async function withBoundedHeapGrowth<T>(work: () => Promise<T>): Promise<T> {
  if (batches++ === 0) {
    setHeapGrowth(HEAP_GROWING_PERCENT);
    collectGarbage();
  }
  try {
    return await work();
  } finally {
    if (--batches === 0) setHeapGrowth(restingPercent);
  }
}
