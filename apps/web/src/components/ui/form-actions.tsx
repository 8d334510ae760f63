import { SubmitButton } from './form-controls';

/** A form's submit button, with 'Cancel' beside it when the form can be abandoned (e.g. in a modal). */
export function FormActions({
  submitLabel,
  isSubmitting,
  onCancel,
  cancelLabel = 'Cancel',
}: {
  submitLabel: string;
  isSubmitting: boolean;
  onCancel?: (() => void) | undefined;
  cancelLabel?: string | undefined;
}) {
  return (
    <div className={onCancel ? 'grid grid-cols-2 gap-3' : ''}>
      {onCancel && (
        <button type="button" className="btn btn-ghost w-full" onClick={onCancel}>
          {cancelLabel}
        </button>
      )}
      <SubmitButton isSubmitting={isSubmitting}>{submitLabel}</SubmitButton>
    </div>
  );
}
