import type { CartItem } from "@skillshelf/shared/api.ts";
import { useCallback, useState } from "react";
import { useActionSubmit } from "../../hooks/use-action-submit";
import { usePrice } from "../../lib/formatting";
import { useT } from "../../lib/i18n";
import { useConfirm } from "../confirm/confirm-dialog";
import { useToast } from "../toast/toast-context";
import { cartLineName } from "./components/cart-line";

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
  const confirm = useConfirm();
  const money = usePrice();

  const remove = useCallback(
    async (form: HTMLFormElement, item: CartItem) => {
      const detail = `${cartLineName(item)}, ${money(item.price, item.currency)}`;
      if (!(await confirm({ question: t(REMOVE_CONFIRMATION), detail, confirmLabel: t("Remove") }))) return;
      setRemoving(item.id);
      try {
        const result = await send(form);
        if (result.ok) onRemoved?.();
      } finally {
        setRemoving(null);
      }
    },
    [send, onRemoved, t, confirm, money],
  );

  return { remove, removing };
}
