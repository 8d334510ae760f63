import { MONEY_LIMITS, type PaymentMethod } from '@stride/shared/money';

/** User-facing texts of the add/update form's Entry fee section (issue 32), shared by the screen and its tests. */
export const PRICE_FIELDS_MESSAGES = {
  heading: 'Entry fee',
  intro: 'What runners pay to enter, and how. A race without a fee is free.',
  feeLabel: 'Fee',
  /** Below the fee: what it comes to, or how to type one. */
  feeHint: (shown: string | null, hasTiers: boolean, example: string) =>
    shown === null
      ? `Empty or 0 for a free race; an amount such as ${example} charges a fee.`
      : hasTiers
        ? `${shown} after the last price tier.`
        : `Runners pay ${shown}.`,
  /** A fee that is no amount in the currency, or too large. */
  amountRefused: (max: string, example: string) => `Enter an amount such as ${example}, up to ${max}`,
  currencyLabel: 'Currency',

  tiersLegend: 'Price tiers',
  tiersHint:
    'Earlier prices: each tier’s fee applies until its date, the first not yet passed; then the fee above.',
  noTiers: 'No price tiers: one fee all along.',
  tierLegend: (position: number) => `Price tier ${position}`,
  tierUntil: 'Until',
  tierFee: 'Tier fee',
  addTier: 'Add a price tier',
  /** The remove button's name: 'Remove price tier 2'. */
  removeTier: (position: number) => `Remove price tier ${position}`,
  tiersFull: `A race has at most ${MONEY_LIMITS.priceTiers} price tiers.`,

  methodsLegend: 'Payment methods',
  methods: { online: 'Online (card)', on_site: 'On site' } satisfies Record<PaymentMethod, string>,
  methodsHint: 'Online, runners pay by card when they enter; on site, you collect the fee and mark it paid.',

  refundLegend: 'Refund policy',
  refundPercentLabel: 'Refund (%)',
  refundPercentHint: 'The share of what they paid that runners get back when they withdraw. Empty for none.',
  refundUntilLabel: 'Refund deadline',
  refundUntilHint: 'Empty: until the race starts. Your own cancellation always refunds in full.',
} as const;
