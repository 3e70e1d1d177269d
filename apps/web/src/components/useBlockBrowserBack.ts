// SPEC §2 "Travel information": the browser's back button is blocked on this screen (going back
// would lead to the verified email step). A history entry is pushed and re-pushed on popstate.
import { useEffect } from 'react';

export const useBlockBrowserBack = () => {
  useEffect(() => {
    const stay = () => window.history.pushState(window.history.state, '', window.location.href);
    stay();
    window.addEventListener('popstate', stay);
    return () => window.removeEventListener('popstate', stay);
  }, []);
};
