import type { Testimonial } from '../home-content';

/** The testimonial cards (docs/SPEC.md §2): avatar, quote and name, two columns from medium screens. */
export function Testimonials({ testimonials }: { testimonials: readonly Testimonial[] }) {
  return (
    <ul className="grid grid-cols-1 gap-6 md:grid-cols-2">
      {testimonials.map((testimonial) => (
        <li key={testimonial.id}>
          <figure className="card bg-base-100 border-base-300 h-full border shadow-sm">
            <div className="card-body gap-4">
              <blockquote className="text-base-content/90 text-lg leading-relaxed">
                <p>“{testimonial.text}”</p>
              </blockquote>
              <figcaption className="mt-auto flex items-center gap-3">
                <img
                  src={testimonial.image}
                  alt=""
                  className="h-14 w-14 rounded-full"
                  width={56}
                  height={56}
                  loading="lazy"
                  decoding="async"
                />
                <span>
                  <span className="block font-semibold">{testimonial.name}</span>
                  <span className="text-base-content/75 block text-sm">{testimonial.role}</span>
                </span>
              </figcaption>
            </div>
          </figure>
        </li>
      ))}
    </ul>
  );
}
