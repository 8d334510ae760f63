import { minorUnitDigits } from '@stride/shared/money';

/**
 * Amounts as organizers type them (issue 32): in the currency's major unit, "45.00" or "45" (yen have no
 * decimals: "4500"), while the API takes and gives whole minor units (4500 cents, 4500 yen).
 */

/** The currency's decimals; 2 for a code this browser cannot format (the form's check refuses it anyway). */
function digitsOf(currency: string): number {
  try {
    return minorUnitDigits(currency);
  } catch {
    return 2;
  }
}

/** Whole units, then at most the currency's decimals after a point (or a comma, as many Europeans write it). */
const AMOUNT = /^(\d+)(?:[.,](\d*))?$/;

/**
 * An amount as typed, in minor units: "45.00" and "45" → 4500 in euros, "4500" → 4500 in yen. null for an empty
 * field; NaN for anything else (a sign, letters, more decimals than the currency has), for the form to refuse.
 */
export function parseMoneyInput(typed: string, currency: string): number | null {
  const text = typed.trim();
  if (text === '') return null;
  const match = AMOUNT.exec(text);
  const digits = digitsOf(currency);
  const fraction = match?.[2] ?? '';
  if (!match || fraction.length > digits) return Number.NaN;
  return Number(`${match[1]}${fraction.padEnd(digits, '0')}`);
}

/** An amount in minor units as the form shows it to edit: 4500 → "45.00" in euros, "4500" in yen. */
export function formatMoneyInput(amount: number, currency: string): string {
  const digits = digitsOf(currency);
  if (digits === 0) return String(amount);
  const text = String(amount).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
