import { comparePositions, type Position } from '@bt/event-store';

/** The later of two log positions (either may be absent). */
export const laterPosition = (a: Position | undefined, b: Position | undefined): Position | undefined =>
  a === undefined ? b : b === undefined ? a : comparePositions(a, b) >= 0 ? a : b;
