export const CATEGORIES_ID = "categories";

/** Scrolls to the home page's category list and moves keyboard focus there. */
export function scrollToCategories(): void {
  const target = document.getElementById(CATEGORIES_ID);
  if (!target) return;
  target.scrollIntoView();
  target.focus({ preventScroll: true });
}
