import type { CartItem } from "@skillshelf/shared/api.ts";
import { useCallback, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useActionSubmit } from "../../hooks/use-action-submit";
import { useLanguagePath } from "../../lib/i18n";
import { addToCartAnchor } from "../catalogue/components/add-to-cart-button";
import { useToast } from "../toast/toast-context";

/** A whole sub-category (group_id null) or one of its groups; `team`: its "For my team" form's seats. */
export interface AddToCartInput {
  sub_category_id: number;
  group_id: number | null;
  team?: boolean;
}

/**
 * The listing's Add To Cart (SPEC.md sections 4 and 5): a visitor signs in
 * first; a learner's form goes to the cart's action (routes/cart.tsx) and
 * shows a spinner on the button used (the anchor it comes back to names it) until the header badge has been
 * reloaded (the router reloads the page's data after an action), and a toast
 * with the server's message.
 */
export function useAddToCart(signedIn: boolean) {
  const [pending, setPending] = useState<string | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const at = useLanguagePath();
  const send = useActionSubmit<CartItem>(toast, "/cart");
  const here = location.pathname + location.search;

  const add = useCallback(
    async (form: HTMLFormElement, input: AddToCartInput) => {
      // Back at this button once signed in (AddToCartButton focuses it).
      const toLogin = at(`/login?redirectTo=${encodeURIComponent(`${here}#${addToCartAnchor(input)}`)}`);
      if (!signedIn) {
        navigate(toLogin);
        return;
      }
      setPending(addToCartAnchor(input));
      try {
        const result = await send(form);
        // The session ended meanwhile: sign in again, then come back here.
        if (!result.ok && result.status === 401) navigate(toLogin);
      } finally {
        setPending(null);
      }
    },
    [signedIn, here, navigate, send, at],
  );

  return { add, isAdding: (input: AddToCartInput) => pending === addToCartAnchor(input) };
}
