import { useId, type FormEventHandler, type ReactNode, type RefObject } from 'react';
import { SubmitButton } from './form-controls';

/**
 * A small form in a bordered box below a list it adds to (a discount code, a team member): its heading names
 * it, its fields sit in two columns from the md breakpoint, its submit button below them.
 */
export function PanelForm({
  formRef,
  heading,
  submitLabel,
  isSubmitting,
  onSubmit,
  children,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  heading: string;
  submitLabel: string;
  isSubmitting: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <form
      ref={formRef}
      noValidate
      aria-labelledby={headingId}
      className="border-base-300 rounded-box border p-4"
      onSubmit={onSubmit}
    >
      <h3 id={headingId} className="text-lg font-bold">
        {heading}
      </h3>
      <div className="grid gap-x-4 md:grid-cols-2">{children}</div>
      <div className="mt-4 md:w-48">
        <SubmitButton isSubmitting={isSubmitting}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}
