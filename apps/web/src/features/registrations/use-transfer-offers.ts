import { useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import type { Registration, Transfer } from '@stride/shared';
import { confirmDelete, showToast } from '../../lib/alerts';
import { announceDone, announceFailure, useSubmission, type SubmitOptions } from '../../lib/use-submission';
import { withdrawTransfer } from './api/transfers-api';
import { APPLY_LIST_MESSAGES } from './apply-list-messages';

const M = APPLY_LIST_MESSAGES.transfer;

/**
 * My Apply List's transfers (issue 35): which entry the Transfer dialog offers (`offering`) and its form's outcome
 * (closed, then a toast), and withdrawing an open offer after a confirmation; focus then goes to `headingRef`.
 * The list is re-read after either.
 */
export function useTransferOffers(headingRef: RefObject<HTMLHeadingElement | null>) {
  const [offering, setOffering] = useState<Registration | null>(null);
  const { send } = useSubmission();

  const offerOptions: Omit<SubmitOptions<Transfer>, 'fields'> = {
    onDone: async (transfer) => {
      flushSync(() => setOffering(null));
      await showToast('success', M.sent(transfer.toEmail));
    },
    onFailure: (failure) => announceFailure(M.outcome, failure),
  };

  async function withdrawOffer(registration: Registration) {
    const { confirm, outcome } = M.withdrawMessages(
      registration.marathonTitle,
      registration.transfer?.toEmail ?? '',
    );
    if (!(await confirmDelete(confirm))) return;
    const withdrawn = await send(() => withdrawTransfer(registration._id), {
      onDone: (result) => announceDone(outcome, result.message),
      onFailure: (failure) => announceFailure(outcome, failure),
    });
    if (withdrawn) headingRef.current?.focus();
  }

  return {
    offering,
    startOffer: setOffering,
    stopOffer: () => setOffering(null),
    offerOptions,
    withdrawOffer,
  };
}
