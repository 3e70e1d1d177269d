// The fee as a traveller is told it today: SPEC §1's "no payment during the pilot" only while
// the pilot runs (PILOT_END_DATE in the domain constants); afterwards the fee plainly.
import { FEE_NIS, isFeeWaived, isoDateOf } from '@eta-il/domain';

export const feeToday = (now: Date = new Date()) => ({
  fee: FEE_NIS,
  waived: isFeeWaived(isoDateOf(now)),
});
