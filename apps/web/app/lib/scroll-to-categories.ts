export const CATEGORIES_ID = "categories";

/** Scrolls to the home page's category list and moves keyboard focus there. */
export function scrollToCategories(): void {
  const target = document.getElementById(CATEGORIES_ID);
  if (!target) return;
  target.scrollIntoView();
  target.focus({ preventScroll: true });
}

/**
 * Scrolls to the list once the home page shows it: a navigation there may still be drawing it
 * (a slow connection or device). Gives up after `waitMs`, or if the reader has gone elsewhere.
 */
export function scrollToCategoriesWhenShown(waitMs = 2000): void {
  const deadline = Date.now() + waitMs;
  const attempt = () => {
    if (window.location.pathname !== "/") return;
    if (document.getElementById(CATEGORIES_ID)) scrollToCategories();
    else if (Date.now() < deadline) requestAnimationFrame(attempt);
  };
  attempt();
}
