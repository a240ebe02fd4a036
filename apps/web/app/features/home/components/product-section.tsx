import { CatalogueIcon } from "../../../components/icons/catalogue-icon";
import { useT } from "../../../lib/i18n";
import type { Product } from "../marketing-copy";

interface ProductSectionProps {
  id: string;
  eyebrow: string;
  title: string;
  lead: string;
  products: Product[];
  tinted?: boolean;
}

export function ProductSection({ id, eyebrow, title, lead, products, tinted }: ProductSectionProps) {
  const t = useT();
  return (
    <section className={tinted ? "section section--tinted" : "section"} aria-labelledby={id}>
      <div className="container">
        <div className="section__header">
          <p className="eyebrow">{t(eyebrow)}</p>
          <h2 id={id}>{t(title)}</h2>
          <p>{t(lead)}</p>
        </div>
        <ul className="product-grid">
          {products.map((product) => (
            <li key={product.name} className="card product-card">
              <span className="product-card__icon">
                <CatalogueIcon value={product.icon} />
              </span>
              <h3 className="product-card__name">{product.name}</h3>
              <p>{t(product.description)}</p>
              <ul className="check-list">
                {product.points.map((point) => (
                  <li key={point}>{t(point)}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
