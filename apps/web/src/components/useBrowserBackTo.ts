// SPEC §2 "Email": on the steps the journey marks, the browser's back button leads to the step's
// Back (the application start) rather than to the previous history entry. Going forward in
// history is left alone.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** React Router keeps each entry's position in history.state.idx. */
const positionOf = (state: unknown): number | undefined => {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : undefined;
};

/** With a route, the browser's back button leads there; without one, it works as usual. */
export const useBrowserBackTo = (route: string | undefined) => {
  const navigate = useNavigate();
  useEffect(() => {
    if (route === undefined) return;
    const here = positionOf(window.history.state);
    const onPopState = (event: PopStateEvent) => {
      const there = positionOf(event.state);
      if (here !== undefined && there !== undefined && there > here) return;
      navigate(route, { replace: true });
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      // React renders a popstate navigation at once, so the router's own popstate listener
      // unmounts this screen before ours is called; removing ours a tick later lets it still
      // answer that very event (by replacing the entry the browser went back to).
      setTimeout(() => window.removeEventListener('popstate', onPopState), 0);
    };
  }, [navigate, route]);
};
