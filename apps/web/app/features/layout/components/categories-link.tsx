import { SCROLL_TO_CATEGORIES_DELAY_MS } from "@skillshelf/shared/constants.ts";
import type { MouseEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { useLanguagePath, useT } from "../../../lib/i18n";
import { CATEGORIES_ID, scrollToCategories, scrollToCategoriesWhenShown } from "../../../lib/scroll-to-categories";

/** 'Categories': scrolls to the home page's list, going home (in the page's language) first when on another page. */
export function CategoriesLink() {
  const t = useT();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const at = useLanguagePath();
  const home = at("/");

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (pathname === home) {
      scrollToCategories();
      return;
    }
    // SPEC.md section 9: the scroll comes about 500 ms after the click, and not before home is shown.
    const clicked = Date.now();
    void Promise.resolve(navigate(home)).then(() => {
      const left = Math.max(0, SCROLL_TO_CATEGORIES_DELAY_MS - (Date.now() - clicked));
      window.setTimeout(scrollToCategoriesWhenShown, left);
    });
  };

  return (
    <a href={at(`/#${CATEGORIES_ID}`)} className="nav-link" onClick={onClick}>
      {t("Categories")}
    </a>
  );
}
