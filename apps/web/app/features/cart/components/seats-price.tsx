import type { CartItem } from "@skillshelf/shared/api.ts";
import { takenOff } from "@skillshelf/shared/formatting.ts";
import { usePrice } from "../../../lib/formatting";
import { useT } from "../../../lib/i18n";

/** What a line of the cart or an order says of its seats: only a team line has them. */
export type SeatsLine = Pick<CartItem, "seats" | "unit_price" | "volume_discount" | "currency">;

/**
 * A team line's price, worked out (issue 42): seats × the unit price, less the operator's volume
 * discount; the line's own price beside it is the total. Nothing for a line without seats.
 */
export function SeatsPrice({ line, className }: { line: SeatsLine; className: string }) {
  const t = useT();
  const money = usePrice();
  if (line.seats === undefined || line.unit_price === undefined) return null;
  const discount = line.volume_discount ?? 0;
  return (
    <span className={className}>
      {t("{{count}} seats × {{price}}", { count: line.seats, price: money(line.unit_price, line.currency) })}
      {discount > 0 && (
        <>
          {" · "}
          {t("Volume discount {{amount}}", { amount: money(takenOff(discount), line.currency) })}
        </>
      )}
    </span>
  );
}
