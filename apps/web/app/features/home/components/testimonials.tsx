import { useT } from "../../../lib/i18n";
import { TESTIMONIALS } from "../marketing-copy";

export function Testimonials() {
  const t = useT();
  return (
    <section className="section" aria-labelledby="testimonials-title">
      <div className="container">
        <div className="section__header">
          <p className="eyebrow">{t("Learners")}</p>
          <h2 id="testimonials-title">{t("What engineers say about Skillshelf")}</h2>
        </div>
        <ul className="testimonial-grid">
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name}>
              <figure className="card testimonial">
                <blockquote>
                  <p>“{t(testimonial.quote)}”</p>
                </blockquote>
                <figcaption>
                  <span className="testimonial__name">{testimonial.name}</span>
                  <span className="testimonial__role">{t(testimonial.role)}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
