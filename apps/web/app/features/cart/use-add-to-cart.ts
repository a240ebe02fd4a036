import { useCallback, useState } from "react";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import { useToast } from "../toast/toast-context";
import { type AddToCartInput, addToCart } from "./api/add-to-cart";

/** Which Add To Cart button a request belongs to: the sub-category's, or one group's. */
function keyOf(input: AddToCartInput): string {
  return input.group_id === null ? `category:${input.sub_category_id}` : `group:${input.group_id}`;
}

/**
 * The listing's Add To Cart (SPEC.md sections 4 and 5): a visitor signs in
 * first; a learner's request shows a spinner on the button used until the
 * header badge has been reloaded, and a toast with the server's message.
 */
export function useAddToCart(signedIn: boolean) {
  const [pending, setPending] = useState<string | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const revalidator = useRevalidator();
  const here = location.pathname + location.search;

  const add = useCallback(
    async (input: AddToCartInput) => {
      const toLogin = `/login?redirectTo=${encodeURIComponent(here)}`;
      if (!signedIn) {
        navigate(toLogin);
        return;
      }
      setPending(keyOf(input));
      try {
        const result = await addToCart(input, toast);
        // The session ended meanwhile: sign in again, then come back here.
        if (result.httpStatus === 401) {
          navigate(toLogin);
          return;
        }
        // The root loader's cart count feeds the header badge.
        await revalidator.revalidate();
      } finally {
        setPending(null);
      }
    },
    [signedIn, here, navigate, toast, revalidator],
  );

  return { add, isAdding: (input: AddToCartInput) => pending === keyOf(input) };
}
