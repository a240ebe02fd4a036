import type { ActionOutcome } from "@skillshelf/shared/api.ts";
import { AppError } from "../lib/app-error.ts";

/** A domain error as the outcome a page shows; anything else is a fault and propagates (500). */
export async function outcomeOf<T>(run: () => Promise<{ message: string; data: T }>): Promise<ActionOutcome<T>> {
  try {
    return { ok: true, ...(await run()) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return {
      ok: false,
      status: error.statusCode,
      message: error.message,
      ...(error.errors ? { errors: error.errors } : {}),
    };
  }
}
