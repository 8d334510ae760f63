import type { RefObject } from 'react';
import type { Participant } from '@stride/shared';
import { formatMoney } from '@stride/shared/money';
import { confirmDelete, showToast } from '../../lib/alerts';
import { announceFailure, useSubmission } from '../../lib/use-submission';
import { recordPayment } from './api/participants-api';
import { fullName } from './components/participants-table';
import { PARTICIPANTS_MESSAGES as M } from './participants-messages';

/**
 * The desk's Mark paid and Mark refunded (issue 32): a confirm dialog naming the runner (and the fee), the
 * call, a toast with the receipt, and the route's loaders re-run (the row, the revenue). Focus then goes to
 * `headingRef`, as the row's button is gone.
 */
export function usePaymentRecording(
  race: { _id: string; currency: string },
  headingRef: RefObject<HTMLElement | null>,
) {
  const { send } = useSubmission();

  return async function recordPaymentOf(participant: Participant, status: 'paid' | 'refunded') {
    const name = fullName(participant);
    const confirm =
      status === 'paid'
        ? M.markPaid.confirm(name, formatMoney(participant.amountDue, participant.currency ?? race.currency))
        : M.markRefunded.confirm(name);
    if (!(await confirmDelete(confirm))) return;
    const recorded = await send(() => recordPayment(race._id, participant._id, status), {
      onDone: (entry) =>
        showToast('success', status === 'paid' ? M.markPaid.done(entry.receiptNumber) : M.markRefunded.done),
      onFailure: (failure) => announceFailure(M.recordPayment, failure),
    });
    if (recorded) headingRef.current?.focus();
  };
}
