import { useState } from 'react';
import { Link } from 'react-router';
import type { BannerSlide } from '../home-content';

/**
 * The home banner (docs/SPEC.md §2, §9): full-width slides 400px tall and numbered buttons that jump to a slide.
 * It appears once with an 800 ms upward reveal (a CSS transition from its @starting-style, none when the
 * visitor prefers reduced motion). Slides out of view are inert, so only the shown slide's link takes focus.
 */
export function BannerCarousel({ slides }: { slides: readonly BannerSlide[] }) {
  const [current, setCurrent] = useState(0);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      className="relative overflow-hidden transition duration-800 ease-out motion-reduce:transition-none starting:translate-y-16 starting:opacity-0"
    >
      <div
        aria-live="polite"
        className="flex h-[400px] transition-transform duration-500 ease-out motion-reduce:transition-none"
        style={{ transform: `translateX(-${current * 100}%)` }}
      >
        {slides.map((slide, index) => (
          <div
            key={slide.image}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
            inert={index !== current}
            className="relative h-full w-full shrink-0"
          >
            <img
              src={slide.image}
              alt=""
              className="absolute inset-0 h-full w-full object-cover"
              width={1600}
              height={500}
              fetchPriority={index === 0 ? 'high' : 'low'}
              decoding={index === 0 ? 'sync' : 'async'}
            />
            <div className="absolute inset-0 bg-gradient-to-r from-black/80 via-black/55 to-black/20" />
            <div className="relative mx-auto flex h-full max-w-7xl flex-col justify-center gap-3 px-6 pb-12 text-white sm:gap-4 sm:px-10">
              <h2 className="max-w-xl text-3xl leading-tight font-black sm:text-5xl">{slide.headline}</h2>
              <p className="max-w-lg text-base sm:text-lg">{slide.text}</p>
              <Link to={slide.cta.to} className="btn btn-primary w-fit">
                {slide.cta.label}
              </Link>
            </div>
          </div>
        ))}
      </div>
      <div className="absolute inset-x-0 bottom-4 flex justify-center gap-2">
        {slides.map((slide, index) => (
          <button
            key={slide.image}
            type="button"
            aria-label={`Slide ${index + 1}`}
            aria-current={index === current ? 'true' : undefined}
            className={`btn btn-circle btn-sm border-0 ${
              index === current ? 'btn-primary' : 'bg-white/85 text-neutral-900 hover:bg-white'
            }`}
            onClick={() => setCurrent(index)}
          >
            {index + 1}
          </button>
        ))}
      </div>
    </section>
  );
}
