/**
 * The browser half of signing out (SPEC.md section 2): token, stored user and
 * session storage. The HttpOnly access-token cookie is expired by the server
 * (POST /api/logout); the line below covers a script-readable one left by an
 * older version of the store.
 */
export function clearSession(): void {
  try {
    localStorage.removeItem("access-token");
    localStorage.removeItem("user-data");
    sessionStorage.clear();
  } catch {
    // Storage disabled: nothing was kept there.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: a fixed expiring cookie; the Cookie Store API is not in every browser.
  document.cookie = "access-token=; Max-Age=0; Path=/; SameSite=Lax";
}
