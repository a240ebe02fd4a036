import v8 from "node:v8";

/**
 * After a full collection V8 lets the JavaScript heap grow to up to four times
 * what survived it before the next one, the more the cheaper collections have
 * been. Batch work such as a catalogue import makes short-lived garbage faster
 * than that: the 100x import held three times its live data, 300 MB more than
 * the idle store. Growing by at most half keeps such a peak within 1.5 times
 * the idle store's memory, for collections a little more often (each marks
 * only the live data, ~100 MB, mostly on another thread).
 *
 * V8 reads the factor whenever it sets the heap's next limit, so setting it at
 * start-up, before any batch work, is enough.
 */
const HEAP_GROWING_PERCENT = 50;

export function boundHeapGrowth(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
