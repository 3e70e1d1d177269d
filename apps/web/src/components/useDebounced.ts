import { useEffect, useState } from 'react';

/** The value as it was `ms` milliseconds after it last changed (0: at once). */
export const useDebounced = <T>(value: T, ms: number): T => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    if (ms === 0) {
      setDebounced(value);
      return;
    }
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return ms === 0 ? value : debounced;
};
