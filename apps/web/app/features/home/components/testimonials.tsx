import { TESTIMONIALS } from "../marketing-copy";

export function Testimonials() {
  return (
    <section className="section" aria-labelledby="testimonials-title">
      <div className="container">
        <div className="section__header">
          <p className="eyebrow">Learners</p>
          <h2 id="testimonials-title">What engineers say about Skillshelf</h2>
        </div>
        <ul className="testimonial-grid">
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name}>
              <figure className="card testimonial">
                <blockquote>
                  <p>“{testimonial.quote}”</p>
                </blockquote>
                <figcaption>
                  <span className="testimonial__name">{testimonial.name}</span>
                  <span className="testimonial__role">{testimonial.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
