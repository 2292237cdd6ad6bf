/** What counts as the bettor starting to use the page (scrolling a phone starts with a touch). */
const USE_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel'] as const;

let used = false;
const waiting = new Set<() => void>();

const onUse = () => {
  used = true;
  for (const type of USE_EVENTS) document.removeEventListener(type, onUse, true);
  for (const start of waiting) start();
  waiting.clear();
};

/**
 * Runs `start` once the bettor first touches, clicks, types or scrolls in the page (at once if they
 * already have): for work a screen needs only once it is used, kept out of its first paint and of
 * the idle page. Returns a cancel for an effect's cleanup.
 */
export const whenPageUsed = (start: () => void): (() => void) => {
  if (used) {
    start();
    return () => {};
  }
  if (waiting.size === 0) for (const type of USE_EVENTS) document.addEventListener(type, onUse, { capture: true, passive: true });
  waiting.add(start);
  return () => waiting.delete(start);
};
