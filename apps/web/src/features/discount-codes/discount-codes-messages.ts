import { DISCOUNT_CODE_LIMITS } from '@stride/shared';
import type { ConfirmMessages, OutcomeMessages } from '../../lib/record-messages';

/** User-facing texts of the race desk's discount codes (issue 32), shared by the screen and its tests. */
export const DISCOUNT_CODES_MESSAGES = {
  heading: 'Discount codes',
  intro: 'Runners type a code when they enter to pay less. A code is matched without regard to case.',
  /** The desk's link down to this section. */
  link: 'Discount codes',
  caption: 'Discount codes of this race',
  none: 'No discount codes yet.',
  columns: {
    code: 'Code',
    discount: 'Discount',
    uses: 'Uses',
    validUntil: 'Valid until',
    state: 'Status',
  },
  /** '20% off', '€5.00 off'. */
  discount: (off: string) => `${off} off`,
  /** Uses of a code with a limit: '3 / 10'. */
  usesOf: (uses: string, maxUses: string) => `${uses} / ${maxUses}`,
  noEnd: 'No end',
  states: { active: 'Active', inactive: 'Inactive', expired: 'Expired', usedUp: 'Used up' },

  remove: {
    button: 'Remove',
    /** The rest of the button's accessible name: 'Remove code SPRING'. */
    of: (code: string) => ` code ${code}`,
    confirm: (code: string, uses: number): ConfirmMessages => ({
      title: 'Remove this code?',
      text:
        uses === 0
          ? `${code} will be deleted.`
          : `${code} has been used: it stays listed as inactive, and no longer gives a discount.`,
      confirmButton: 'Yes, remove it',
      keepButton: 'Keep it',
    }),
    outcome: {
      doneTitle: 'Removed!',
      refused: { title: 'Failed!', fallback: 'Removing the code failed.' },
      failed: { title: 'Error!', text: 'Removing the code failed.' },
    } satisfies OutcomeMessages,
  },

  form: {
    heading: 'Add a code',
    code: 'Code',
    codeHint: `${DISCOUNT_CODE_LIMITS.min}–${DISCOUNT_CODE_LIMITS.max} letters, digits, - or _.`,
    kindLegend: 'Discount',
    kinds: { percent: 'Percent off', amount: 'Amount off' },
    percentOff: 'Percent off (%)',
    amountOff: 'Amount off',
    maxUses: 'Maximum uses',
    maxUsesHint: 'Empty for no limit.',
    validUntil: 'Valid until',
    /** Below Valid until: the clocks its time is read on. */
    validUntilHint: (timeZone: string) => `In the race’s time zone, ${timeZone}. Empty for no end.`,
    submit: 'Add code',
    percentRefused: 'Enter a whole percentage from 1 to 100',
    amountRefused: (max: string, example: string) => `Enter an amount such as ${example}, up to ${max}`,
    maxUsesRefused: 'Enter a whole number of at least 1, or leave it empty for no limit',
    added: (code: string) => `Code ${code} added`,
    outcome: {
      doneTitle: 'Added!',
      refused: { title: 'Failed!', fallback: 'Adding the code failed.' },
      failed: { title: 'Error!', text: 'Adding the code failed.' },
    } satisfies OutcomeMessages,
  },
} as const;
