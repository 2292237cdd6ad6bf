import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** How long a restored position waits for the page to grow tall enough (content loads after the route). */
const RESTORE_FRAMES = 180;

/** Where each history entry was scrolled to, by location key. */
const positions = new Map<string, number>();

/**
 * Scroll restoration for the BrowserRouter (react-router's <ScrollRestoration> needs a data
 * router): a new page starts at the top; back and forward return to where that entry was. A
 * change of the query string alone (filters, tabs) keeps the position; a #fragment is left to the
 * browser (the skip link).
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef(location);
  const currentKey = useRef(location.key);
  const cancelRestore = useRef<() => void>(() => {});
  // The position of the page being left, read while rendering the next one, when its DOM is still in
  // place: the scroll event of a scroll just before the navigation may not have been dispatched yet.
  if (location.key !== currentKey.current) positions.set(currentKey.current, window.scrollY);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => positions.set(currentKey.current, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, []);

  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = location;
    if (before.key === location.key) return;
    currentKey.current = location.key;
    cancelRestore.current();
    if (location.hash) return;

    const saved = navigationType === 'POP' ? positions.get(location.key) : undefined;
    if (saved !== undefined) {
      // The page may not be tall enough yet (its chunk and data are on their way): keep trying for a moment.
      let frame = 0;
      let handle = 0;
      const step = () => {
        window.scrollTo(0, saved);
        if (Math.abs(window.scrollY - saved) < 1 || ++frame > RESTORE_FRAMES) return;
        handle = window.requestAnimationFrame(step);
      };
      const stop = () => window.cancelAnimationFrame(handle);
      // The bettor scrolling meanwhile wins.
      const events = ['wheel', 'touchstart', 'keydown'] as const;
      const userScrolled = () => cancelRestore.current();
      cancelRestore.current = () => {
        stop();
        for (const event of events) window.removeEventListener(event, userScrolled);
        cancelRestore.current = () => {};
      };
      for (const event of events) window.addEventListener(event, userScrolled, { passive: true });
      step();
      return;
    }
    if (before.pathname !== location.pathname || before.search === location.search) window.scrollTo(0, 0);
  }, [location, navigationType]);

  return null;
}
