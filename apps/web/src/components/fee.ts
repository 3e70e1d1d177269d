// The fee as the server states it (issue 27): GET /api/config's parameters say what one traveller
// pays, whether it is charged today (the server's FEE_WAIVED_UNTIL and its clock, not the
// browser's) and until when it was waived. Asked once per page load and shared by every screen
// that names the fee; until it answers those screens say nothing about the fee. A prerendered
// page hydrates with "not known yet" (getServerSnapshot), as it was rendered.
import { FEE_NIS } from '@eta-il/domain';
import { useEffect, useSyncExternalStore } from 'react';
import { getConfig } from '../api/calls.ts';

export interface FeeTerms {
  /** Per traveller, in shekels (the texts' {{fee}}). */
  fee: number;
  /** True when an application submitted today must be paid before it is screened. */
  charged: boolean;
}

/**
 * What holds the fee's line in place until the server answers: the domain's fee, charged (as
 * since the pilot ended). Rendered hidden (`is-pending`, aria-hidden), never read, so that the page
 * does not move when the answer comes (it pushed /verify's form down by 52 px on a phone).
 */
const FEE_PLACEHOLDER: FeeTerms = { fee: FEE_NIS, charged: true };

let known: FeeTerms | undefined;
let asking: Promise<FeeTerms | undefined> | undefined;
const listeners = new Set<() => void>();

/** Asks the server once; a failed answer is asked again by the next screen that needs it. */
export const loadFee = (): Promise<FeeTerms | undefined> => {
  if (known) return Promise.resolve(known);
  asking ??= getConfig()
    .then(({ parameters }) => {
      known = { fee: parameters.fee, charged: parameters.feeCharged };
      for (const listener of listeners) listener();
      return known;
    })
    .catch(() => undefined)
    .finally(() => {
      asking = undefined;
    });
  return asking;
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The fee's terms once the server has said them; undefined until then. */
export const useFee = (): FeeTerms | undefined => {
  const fee = useSyncExternalStore(
    subscribe,
    () => known,
    () => undefined,
  );
  useEffect(() => {
    void loadFee();
  }, []);
  return fee;
};

/**
 * The fee's line on a screen that shows it before the server answers: its text's key and figure
 * (FEE_PLACEHOLDER's until then), and the props that keep it hidden while only holding its place.
 */
export const useFeeLine = () => {
  const terms = useFee();
  const { fee, charged } = terms ?? FEE_PLACEHOLDER;
  return {
    key: charged ? ('feeCharged' as const) : ('fee' as const),
    fee,
    held: terms ? {} : ({ className: 'is-pending', 'aria-hidden': true } as const),
  };
};

/** For tests: the next screen asks the server again. */
export const forgetFee = () => {
  known = undefined;
  asking = undefined;
};
