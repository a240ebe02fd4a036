import type { CartItem } from "@skillshelf/shared/api.ts";
import { useCallback, useState } from "react";
import { useRevalidator } from "react-router";
import { useToast } from "../toast/toast-context";
import { removeFromCart } from "./api/remove-from-cart";

export const REMOVE_CONFIRMATION = "Are you sure you want to remove this item from your cart?";

/**
 * Removal after the learner confirms (SPEC.md section 2); success or failure,
 * the cart and the header badge reload.
 */
export function useRemoveFromCart(onRemoved?: () => void) {
  const [removing, setRemoving] = useState<number | null>(null);
  const toast = useToast();
  const revalidator = useRevalidator();

  const remove = useCallback(
    async (item: CartItem) => {
      if (!window.confirm(REMOVE_CONFIRMATION)) return;
      setRemoving(item.id);
      try {
        const result = await removeFromCart(item.id, toast);
        await revalidator.revalidate();
        if (result.ok) onRemoved?.();
      } finally {
        setRemoving(null);
      }
    },
    [toast, revalidator, onRemoved],
  );

  return { remove, removing };
}
