// Whether this render may read the browser's session: false while the build prerenders a page
// and while the browser hydrates it (the first render must match the HTML), true afterwards and
// on every screen opened by navigation.
import { type RefObject, useEffect, useLayoutEffect, useSyncExternalStore } from 'react';

const never = () => () => {};

export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );

/**
 * A choice the traveller made on the prerendered page before its script ran: the browser holds it
 * but React, hydrating with the HTML's value, would reset it at its next render. Read once, in the
 * hydration commit, before that render, and handed to `keep`.
 */
export const useValueChosenBeforeHydration = (
  ref: RefObject<HTMLSelectElement | HTMLInputElement | null>,
  rendered: string,
  keep: (value: string) => void,
) => {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the hydration commit counts.
  useLayoutEffect(() => {
    const inBrowser = ref.current?.value;
    if (inBrowser && inBrowser !== rendered) keep(inBrowser);
  }, []);
};

/** Whether a field's value in the browser differs from the one the HTML gave it (typed, chosen). */
const changedInBrowser = (element: Element): element is HTMLInputElement | HTMLSelectElement => {
  if (element instanceof HTMLSelectElement) {
    return [...element.options].some((option) => option.selected !== option.defaultSelected);
  }
  if (!(element instanceof HTMLInputElement)) return false;
  return element.type === 'checkbox' || element.type === 'radio'
    ? element.checked !== element.defaultChecked
    : element.value !== element.defaultValue;
};

/**
 * Every field of a prerendered form that the traveller filled before the page's script ran
 * (a slow phone shows the form seconds before it works). Read once, in the hydration commit,
 * before React's next render would put the rendered values back; `keep` gets each field's name and
 * the browser's value, to put in the form's state.
 */
export const useFormFilledBeforeHydration = (
  form: RefObject<HTMLFormElement | null>,
  keep: (name: string, value: string) => void,
) => {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the hydration commit counts.
  useLayoutEffect(() => {
    for (const element of form.current?.elements ?? []) {
      if (changedInBrowser(element) && element.name) keep(element.name, element.value);
    }
  }, []);
};

let settle = () => {};
const settled = new Promise<void>((resolve) => {
  settle = resolve;
});

/**
 * Resolves once the page's screen has hydrated (or rendered). A language switched before that
 * would change texts inside a Suspense boundary React has not yet matched with the HTML.
 */
export const afterScreenHydrated = () => settled;

/** Marks the screen as hydrated: rendered last inside the screen's Suspense boundary. */
export const ScreenHydrated = () => {
  useEffect(() => settle(), []);
  return null;
};
