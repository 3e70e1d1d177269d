// The fee (issue 27, docs/decisions/049-the-fee.md): what one application costs, when it is due,
// and how long an unpaid one waits. The amount the provider charges is computed here and only
// here, in the currency's minor unit (agorot), from the per-traveller fee of SPEC §9.
import { FEE_NIS, isFeeWaived } from './constants.ts';

/** ISO 4217 code of the fee's currency (the texts say "NIS"; providers want "ils"). */
export const FEE_CURRENCY_CODE = 'ILS';
/** Minor units (agorot) in one shekel. */
const MINOR_UNITS = 100;

/** Hours after submission at which one reminder with the pay link goes to an unpaid application. */
export const PAYMENT_REMINDER_AFTER_HOURS = 24;
/** Days after submission at which an unpaid application expires (never screened). */
export const PAYMENT_EXPIRES_AFTER_DAYS = 7;

export interface Fee {
  /** In the currency's minor unit (agorot): 2500 for one traveller. */
  amountMinor: number;
  /** In shekels, as the texts quote it: 25 for one traveller. */
  amount: number;
  currency: typeof FEE_CURRENCY_CODE;
}

/** The fee of one application for `travellers` travellers, paid once for all of them. */
export const feeFor = (travellers: number): Fee => {
  if (!Number.isInteger(travellers) || travellers < 1) {
    throw new RangeError(`A fee is for one traveller or more, not ${travellers}.`);
  }
  const amount = FEE_NIS * travellers;
  return { amount, amountMinor: amount * MINOR_UNITS, currency: FEE_CURRENCY_CODE };
};

/** Whether an application submitted on `todayIso` must be paid before it is screened. */
export const isFeeDue = (todayIso: string, waivedUntil: string): boolean =>
  !isFeeWaived(todayIso, waivedUntil);

/** When an application submitted at `submittedAt` and still unpaid gets its one reminder. */
export const paymentReminderAt = (submittedAt: Date): Date =>
  new Date(submittedAt.getTime() + PAYMENT_REMINDER_AFTER_HOURS * 3_600_000);

/** When an application submitted at `submittedAt` and still unpaid expires. */
export const paymentExpiresAt = (submittedAt: Date): Date =>
  new Date(submittedAt.getTime() + PAYMENT_EXPIRES_AFTER_DAYS * 86_400_000);
