import { useDocumentTitle } from '../../lib/use-document-title';

/** Holds a route of SPEC.md §2 whose screen is not built yet, so navigation and the guard work end to end. */
export function PagePlaceholder({ title, heading }: { title: string; heading: string }) {
  useDocumentTitle(title);
  return (
    <section className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="text-3xl font-bold">{heading}</h1>
      <p className="text-base-content/70 mt-4">This screen is coming in the next release of Stride.</p>
    </section>
  );
}
