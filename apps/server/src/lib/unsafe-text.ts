import { Stream } from "node:stream";

/**
 * Text that no field of the store can hold: PostgreSQL refuses a NUL byte in
 * text (it answers with an error, which used to surface as a 500), and a lone
 * UTF-16 surrogate has no UTF-8 form, so the driver would silently store U+FFFD
 * instead of what was sent. With the `u` flag a surrogate pair is one code
 * point, so only unpaired halves match \p{Cs}.
 */
const UNSAFE = /[\0\p{Cs}]/u;

export const isUnsafeText = (text: string): boolean => UNSAFE.test(text);

/**
 * The path of the first string (or object key) in a parsed request part that
 * holds unsafe text: [] for the value itself, ["line_items", 0, "name"] for a
 * nested one; null when there is none. An unsafe key is reported at the
 * object that holds it, so the refusal never echoes the key back. Buffers
 * (raw bodies kept for signature checks, uploads) and streams (a body read
 * by its route as it arrives) are bytes, not text, and are left alone. The walk uses its own stack: a JSON body of a megabyte can
 * nest far deeper than the call stack allows.
 */
interface Step {
  value: unknown;
  parent: Step | null;
  key: string | number | null;
}

export function findUnsafeText(value: unknown): (string | number)[] | null {
  const stack: Step[] = [{ value, parent: null, key: null }];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const current = step.value;
    if (typeof current === "string") {
      if (isUnsafeText(current)) return pathOf(step);
    } else if (Array.isArray(current)) {
      // Pushed in reverse, so the first offending element is the one reported.
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], parent: step, key: i });
    } else if (
      current !== null &&
      typeof current === "object" &&
      !Buffer.isBuffer(current) &&
      !(current instanceof Stream)
    ) {
      const entries = Object.entries(current);
      if (entries.some(([key]) => isUnsafeText(key))) return pathOf(step);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        stack.push({ value: child, parent: step, key });
      }
    }
  }
  return null;
}

/** Paths are only built for the one step reported, not for every value walked. */
function pathOf(step: Step): (string | number)[] {
  const path: (string | number)[] = [];
  for (let s: Step | null = step; s?.key != null; s = s.parent) path.push(s.key);
  return path.reverse();
}
