import type { CartItem } from "@skillshelf/shared/api.ts";
import { useCallback, useState } from "react";
import { useActionSubmit } from "../../hooks/use-action-submit";
import { useT } from "../../lib/i18n";
import { useToast } from "../toast/toast-context";

const REMOVE_CONFIRMATION = "Are you sure you want to remove this item from your cart?";

/**
 * Removal after the learner confirms (SPEC.md section 2), through the cart's
 * action; success or failure, the router then reloads the cart and the header badge.
 */
export function useRemoveFromCart(onRemoved?: () => void) {
  const t = useT();
  const [removing, setRemoving] = useState<number | null>(null);
  const toast = useToast();
  const send = useActionSubmit(toast, "/cart");

  const remove = useCallback(
    async (form: HTMLFormElement, item: CartItem) => {
      if (!window.confirm(t(REMOVE_CONFIRMATION))) return;
      setRemoving(item.id);
      try {
        const result = await send(form);
        if (result.ok) onRemoved?.();
      } finally {
        setRemoving(null);
      }
    },
    [send, onRemoved, t],
  );

  return { remove, removing };
}
