import { isLogPosition, laterLogPosition } from '@bt/contracts';

/**
 * The highest write position this tab has seen. Reads send it as X-Min-Position so the query side
 * answers only once its read models include our own writes.
 */
let highest: string | undefined;

/** Remembers a position from an X-Log-Position header, keeping the later one (compared as BigInt pairs). */
export const noteLogPosition = (header: string | null): void => {
  if (header === null || !isLogPosition(header)) return;
  highest = laterLogPosition(highest, header.trim());
};

export const highestLogPosition = (): string | undefined => highest;

/** For tests. */
export const forgetLogPosition = (): void => {
  highest = undefined;
};
