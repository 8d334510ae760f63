import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { showAlert } from '../../../lib/alerts';
import { classifyApiFailure } from '../../../lib/api-failure';
import { PAYMENT_STATE_MESSAGES } from '../../../lib/payment-messages';
import { createCheckout } from '../api/registrations-api';
import { ENTRY_PAYMENT_MESSAGES as M } from '../payment-messages';

/**
 * "Pay now" for a place held while its runner pays: opens the hold's Stripe checkout at once. Refused (the hold
 * ended meanwhile) or failed, it says why and re-reads the screen, which then shows the entry as it is.
 * `itemName` completes the button's name for screen readers where several are listed.
 */
export function PayNowButton({
  registrationId,
  itemName,
  className = 'btn btn-primary',
}: {
  registrationId: string;
  itemName?: string;
  className?: string;
}) {
  const [isOpening, setIsOpening] = useState(false);
  const { revalidate } = useRevalidator();

  async function pay() {
    setIsOpening(true);
    try {
      // The page is left for Stripe's: the button stays busy until it goes.
      window.location.assign((await createCheckout(registrationId)).checkoutUrl);
    } catch (error) {
      setIsOpening(false);
      const failure = classifyApiFailure(error);
      void revalidate();
      void showAlert({
        icon: 'error',
        title: M.payFailedTitle,
        text: failure.kind === 'fields' ? M.payFailed : (failure.message ?? M.payFailed),
      });
    }
  }

  return (
    <button type="button" className={className} disabled={isOpening} onClick={() => void pay()}>
      {isOpening && <span className="loading loading-spinner loading-sm" aria-hidden />}
      {PAYMENT_STATE_MESSAGES.payNow}
      {itemName && <span className="sr-only"> {itemName}</span>}
    </button>
  );
}
