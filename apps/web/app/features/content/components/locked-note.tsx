import { Link } from "react-router";
import { LockIcon } from "../../../components/icons/lock-icon";

/** Says why the media is locked and where to buy it. */
export function LockedNote({ category }: { category: { slug: string; name: string } }) {
  return (
    <p className="locked-note">
      <LockIcon size={18} />
      <span>
        The images and PDFs of this article unlock after purchase. Get them on the{" "}
        <Link to={`/${category.slug}`}>{category.name} page</Link>.
      </span>
    </p>
  );
}
