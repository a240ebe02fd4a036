import type { UserRecord } from "@skillshelf/shared/api.ts";

/** Browser storage keys of SPEC.md section 9. */
const USER_DATA_KEY = "user-data";

/**
 * Keeps the stored user record (SPEC.md section 3) after sign in and after
 * profile or settings changes. Never the token: the session lives in the
 * HttpOnly cookie, out of reach of scripts.
 */
export function saveUserRecord(user: UserRecord): void {
  try {
    localStorage.setItem(USER_DATA_KEY, JSON.stringify(user));
  } catch {
    // Storage can be full or disabled (private mode); the session cookie still works.
  }
}
