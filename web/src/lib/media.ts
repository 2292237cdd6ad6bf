/** Breakpoints (px): sm 640, md 768 (header navigation), lg 1024 (no bottom bar from here). */
export const mq = {
  sm: '@media (min-width: 640px)',
  md: '@media (min-width: 768px)',
  lg: '@media (min-width: 1024px)',
  belowMd: '@media (max-width: 767.98px)',
  belowLg: '@media (max-width: 1023.98px)',
} as const;
