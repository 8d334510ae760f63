import { useId, useState } from 'react';
import type { Faq } from '../home-content';

function FaqItem({ faq }: { faq: Faq }) {
  const [isOpen, setIsOpen] = useState(false);
  const answerId = useId();
  return (
    <li className="bg-base-100 border-base-300 rounded-box border">
      <h3>
        <button
          type="button"
          className="hover:bg-base-200 focus-visible:outline-primary rounded-box flex w-full cursor-pointer items-center justify-between gap-4 px-5 py-4 text-left text-lg font-semibold"
          aria-expanded={isOpen}
          aria-controls={answerId}
          onClick={() => setIsOpen((open) => !open)}
        >
          {faq.question}
          <svg
            width={20}
            height={20}
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            aria-hidden
            className={`shrink-0 transition-transform motion-reduce:transition-none ${isOpen ? 'rotate-180' : ''}`}
          >
            <path d="m6 9 6 6 6-6" />
          </svg>
        </button>
      </h3>
      <div id={answerId} hidden={!isOpen} className="text-base-content/85 px-5 pb-5">
        <p>{faq.answer}</p>
      </div>
    </li>
  );
}

/** The FAQ (docs/SPEC.md §2): each question is a button that shows or hides its answer (Enter or Space). */
export function FaqList({ faqs }: { faqs: readonly Faq[] }) {
  return (
    <ul className="mx-auto max-w-3xl space-y-3">
      {faqs.map((faq) => (
        <FaqItem key={faq.question} faq={faq} />
      ))}
    </ul>
  );
}
