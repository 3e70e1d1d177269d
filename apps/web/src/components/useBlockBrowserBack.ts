// SPEC §2 "Travel information": the browser's back button is blocked on the steps the journey
// marks (from travel information it would lead back to the verified e-mail step). A history
// entry is pushed, and pushed again on popstate.
import { useEffect } from 'react';

export const useBlockBrowserBack = (blocked: boolean) => {
  useEffect(() => {
    if (!blocked) return;
    const stay = () => window.history.pushState(window.history.state, '', window.location.href);
    stay();
    window.addEventListener('popstate', stay);
    return () => window.removeEventListener('popstate', stay);
  }, [blocked]);
};
