import { useState } from 'react';
import { TRANSFER_OFFER_DAYS, createTransferSchema, type Registration, type Transfer } from '@stride/shared';
import { FormActions } from '../../../components/ui/form-actions';
import { FormField } from '../../../components/ui/form-field';
import { useSubmission, type SubmitOptions } from '../../../lib/use-submission';
import { createTransfer } from '../api/transfers-api';
import { APPLY_LIST_MESSAGES } from '../apply-list-messages';

const M = APPLY_LIST_MESSAGES.transfer;
const FIELDS = ['email'];

/**
 * The Transfer dialog's form (issue 35): the receiver's e-mail, checked by the shared schema, then the offer;
 * `options` closes the dialog and says the outcome.
 */
export function TransferOfferForm({
  registration,
  options,
  onCancel,
}: {
  registration: Pick<Registration, '_id' | 'marathonTitle'>;
  options: Omit<SubmitOptions<Transfer>, 'fields'>;
  onCancel: () => void;
}) {
  const [email, setEmail] = useState('');
  const { formRef, errors, isSubmitting, submit, clearError } = useSubmission();
  return (
    <form
      ref={formRef}
      noValidate
      className="space-y-4"
      onSubmit={(event) =>
        void submit(
          event,
          createTransferSchema.safeParse({ email }),
          (input) => createTransfer(registration._id, input),
          { ...options, fields: FIELDS },
        )
      }
    >
      <p>{M.intro(registration.marathonTitle, TRANSFER_OFFER_DAYS)}</p>
      <FormField
        label={M.email}
        name="email"
        type="email"
        required
        autoComplete="off"
        spellCheck={false}
        value={email}
        error={errors.email}
        onChange={(event) => {
          setEmail(event.target.value);
          clearError('email');
        }}
      />
      <FormActions
        submitLabel={M.submit}
        isSubmitting={isSubmitting}
        onCancel={onCancel}
        cancelLabel={APPLY_LIST_MESSAGES.cancel}
      />
    </form>
  );
}
