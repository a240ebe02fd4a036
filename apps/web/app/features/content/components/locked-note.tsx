import { Link, useRouteLoaderData } from "react-router";
import { LockIcon } from "../../../components/icons/lock-icon";
import { Trans } from "../../../components/trans";
import { useLanguagePath } from "../../../lib/i18n";
import type { loader as rootLoader } from "../../../root";
import { useAddToCart } from "../../cart/use-add-to-cart";
import { AddToCartButton } from "../../catalogue/components/add-to-cart-button";
import type { Unlock } from "../../catalogue/structured-data";

/**
 * Says why the media is locked, and offers the smallest thing that unlocks them
 * (the article's priced group, else its artefact) with its price, right there.
 */
export function LockedNote({ category, unlock }: { category: { slug: string; name: string }; unlock: Unlock | null }) {
  const signedIn = Boolean(useRouteLoaderData<typeof rootLoader>("root")?.user);
  const cart = useAddToCart(signedIn);
  const at = useLanguagePath();
  const item = unlock && { sub_category_id: unlock.sub_category_id, group_id: unlock.group_id };
  return (
    <div className="locked-note">
      <LockIcon size={18} />
      <p>
        <Trans
          i18nKey={
            unlock
              ? "The images and PDFs of this article unlock after purchase. Get them on the <anchor>{{name}} page</anchor>, or unlock them now with <strong>{{unlock}}</strong>:"
              : "The images and PDFs of this article unlock after purchase. Get them on the <anchor>{{name}} page</anchor>."
          }
          values={{ name: category.name, unlock: unlock?.name }}
          components={{ anchor: <Link to={at(`/${category.slug}`)} />, strong: <strong /> }}
        />
      </p>
      {unlock && item && (
        <AddToCartButton
          price={unlock.price}
          currency={unlock.currency}
          note={unlock.note}
          item={item}
          onAdd={(form) => cart.add(form, item)}
          busy={cart.isAdding(item)}
          showPrice
          className="button button--small"
        />
      )}
    </div>
  );
}
