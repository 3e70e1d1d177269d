// A loader that shows while work runs and, once shown, for at least `ms` (SPEC §9: the passport
// check's loader hides after 2 s), so a quick answer does not make it flicker. It never hides
// while the work still runs (docs/decisions/020-check-loader.md).
import { useEffect, useRef, useState } from 'react';

export const useShownAtLeast = (active: boolean, ms: number): boolean => {
  const [held, setHeld] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    if (!active) return;
    setHeld(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setHeld(false), ms);
  }, [active, ms]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return active || held;
};
