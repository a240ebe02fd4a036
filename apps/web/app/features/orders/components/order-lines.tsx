import type { OrderLine } from "@skillshelf/shared/api.ts";
import { CatalogueIcon } from "../../../components/icons/catalogue-icon";
import { usePrice } from "../../../lib/formatting";
import { useT } from "../../../lib/i18n";
import { SeatsPrice } from "../../cart/components/seats-price";

/** What a line shows: its artefact's icon and name, its group, the price paid, a team line's seats. */
export type ShownLine = Pick<
  OrderLine,
  "id" | "currency" | "price" | "groups" | "seats" | "unit_price" | "volume_discount"
> & {
  category: Pick<OrderLine["category"], "icon" | "name">;
};

/** A line as a loader sends it for OrderLines: what it shows, not the artefact's description or slug. */
export const shownLine = ({
  id,
  currency,
  price,
  groups,
  category,
  seats,
  unit_price,
  volume_discount,
}: OrderLine): ShownLine => ({
  id,
  currency,
  price,
  groups,
  category: { icon: category.icon, name: category.name },
  ...(seats === undefined ? {} : { seats, unit_price, volume_discount }),
});

/** The lines of an order at the price paid. */
export function OrderLines({ lines }: { lines: ShownLine[] }) {
  const t = useT();
  const money = usePrice();
  return (
    <ul className="order-lines">
      {lines.map((line) => (
        <li key={line.id} className="order-line">
          <span className="order-line__icon">
            <CatalogueIcon value={line.category.icon} />
          </span>
          <span className="order-line__name">
            {line.category.name}
            <span className="order-line__scope">
              {line.groups ? t("Group: {{name}}", { name: line.groups.name }) : t("Whole artefact")}
            </span>
            <SeatsPrice line={line} className="order-line__scope" />
          </span>
          <span className="order-line__price">{money(line.price, line.currency)}</span>
        </li>
      ))}
    </ul>
  );
}
