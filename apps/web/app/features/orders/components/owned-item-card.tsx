import type { OwnedItem } from "@skillshelf/shared/api.ts";
import { Link } from "react-router";

/** A purchased artefact or group, with the way back to its listing. */
export function OwnedItemCard({ item }: { item: OwnedItem }) {
  const name = item.groups ? `${item.category.name}: ${item.groups.name}` : item.category.name;
  return (
    <article className="card owned-item">
      <span className="owned-item__icon" aria-hidden="true">
        {item.category.icon}
      </span>
      <h2 className="owned-item__name">{item.category.name}</h2>
      <p className="owned-item__scope">{item.groups ? `Group: ${item.groups.name}` : "Whole artefact"}</p>
      <p className="owned-item__text">{item.category.single_line}</p>
      <Link to={`/${item.category.slug}`} className="button button--small owned-item__continue">
        Continue<span className="sr-only"> with {name}</span>
      </Link>
    </article>
  );
}
