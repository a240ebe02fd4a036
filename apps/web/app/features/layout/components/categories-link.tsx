import { SCROLL_TO_CATEGORIES_DELAY_MS } from "@skillshelf/shared/constants.ts";
import type { MouseEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { useT } from "../../../lib/i18n";
import { CATEGORIES_ID, scrollToCategories } from "../../../lib/scroll-to-categories";

/** 'Categories': scrolls to the home page's list, going home first when on another page. */
export function CategoriesLink() {
  const t = useT();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (pathname === "/") {
      scrollToCategories();
      return;
    }
    navigate("/");
    window.setTimeout(scrollToCategories, SCROLL_TO_CATEGORIES_DELAY_MS);
  };

  return (
    <a href={`/#${CATEGORIES_ID}`} className="nav-link" onClick={onClick}>
      {t("Categories")}
    </a>
  );
}
