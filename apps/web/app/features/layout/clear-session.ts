/** The browser half of signing out (SPEC.md section 2): token, stored user, session storage, cookie. */
export function clearSession(): void {
  localStorage.removeItem("access-token");
  localStorage.removeItem("user-data");
  sessionStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: a fixed expiring cookie; the Cookie Store API is not in every browser.
  document.cookie = "access-token=; Max-Age=0; Path=/; SameSite=Lax";
}
