import type { OrderLine } from "@skillshelf/shared/api.ts";
import { formatPrice } from "@skillshelf/shared/constants.ts";

/** The lines of an order at the price paid. */
export function OrderLines({ lines }: { lines: OrderLine[] }) {
  return (
    <ul className="order-lines">
      {lines.map((line) => (
        <li key={line.id} className="order-line">
          <span className="order-line__icon" aria-hidden="true">
            {line.category.icon}
          </span>
          <span className="order-line__name">
            {line.category.name}
            <span className="order-line__scope">{line.groups ? `Group: ${line.groups.name}` : "Whole artefact"}</span>
          </span>
          <span className="order-line__price">
            {line.currency} {formatPrice(line.price)}
          </span>
        </li>
      ))}
    </ul>
  );
}
