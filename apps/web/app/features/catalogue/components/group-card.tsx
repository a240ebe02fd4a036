import type { Group } from "@skillshelf/shared/api.ts";
import { type ReactNode, useId } from "react";
import { langOf } from "../../../components/catalogue-text";
import { usePrice } from "../../../lib/formatting";
import { useT } from "../../../lib/i18n";
import { AddToCartButton } from "./add-to-cart-button";
import { ContentGrid } from "./content-grid";

interface GroupCardProps {
  group: Group;
  categorySlug: string;
  /** True when neither the group nor its sub-category has a price. */
  free: boolean;
  /** True when the viewer owns the group, or the whole sub-category. */
  owned: boolean;
  /** What its Add To Cart adds: this group of its sub-category. */
  item: { sub_category_id: number; group_id: number };
  onAdd: (form: HTMLFormElement) => void;
  /** True while this group's Add To Cart request runs. */
  busy?: boolean;
  /** The ids of the articles the signed-in owner has done. */
  done?: ReadonlySet<number>;
  /** Its "For my team" form (seats of the group), when it is priced. */
  team?: ReactNode;
}

export function GroupCard({ group, categorySlug, free, owned, item, onAdd, busy, done, team }: GroupCardProps) {
  const t = useT();
  const money = usePrice();
  const titleId = useId();
  const count = group.contents.length;
  return (
    <section className="group-card" aria-labelledby={titleId}>
      <div className="group-card__header">
        <div>
          <h2 id={titleId} className="group-card__title" lang={langOf(group, "name")}>
            {group.name}
          </h2>
          <p className="group-card__meta">
            {count} {t("articles", { count })}
            {free && <span className="pill pill--free">{t("Free")}</span>}
          </p>
        </div>
        {owned ? (
          <div className="group-card__buy">
            <p className="pill pill--free">{t("Owned")}</p>
            {team}
          </div>
        ) : (
          group.price !== null && (
            <div className="group-card__buy">
              <p className="price">{money(group.price, group.currency)}</p>
              <AddToCartButton
                price={group.price}
                currency={group.currency}
                note={group.payment_note}
                item={item}
                onAdd={onAdd}
                busy={busy}
                className="button button--small"
                tooltipAlign="end"
              />
              {team}
            </div>
          )
        )}
      </div>
      <ContentGrid categorySlug={categorySlug} contents={group.contents} free={free} done={done} />
    </section>
  );
}
