// Whether this render may read the browser's session: false while the build prerenders a page
// and while the browser hydrates it (the first render must match the HTML), true afterwards and
// on every screen opened by navigation.
import { useSyncExternalStore } from 'react';

const never = () => () => {};

export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
