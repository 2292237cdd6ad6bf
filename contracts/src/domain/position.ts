/**
 * Log positions as the HTTP headers carry them ("commit.prepare"), compared as a pair.
 * Pure, so the browser can keep the highest one it has seen.
 */
export const LOG_POSITION_HEADER = 'X-Log-Position';
export const MIN_POSITION_HEADER = 'X-Min-Position';
/**
 * On a read: the user's read models stopped at an event the projector could not apply (they were
 * set aside); the answer is what was projected before it, and X-Min-Position is not waited for.
 */
export const READ_MODELS_BEHIND_HEADER = 'X-Read-Models-Behind';

const POSITION = /^(\d{1,20})\.(\d{1,20})$/;

export const isLogPosition = (text: string): boolean => POSITION.test(text.trim());

/** Compares two "commit.prepare" texts; -1, 0 or 1. */
export const compareLogPositions = (a: string, b: string): number => {
  const [ac, ap] = a.split('.').map(BigInt);
  const [bc, bp] = b.split('.').map(BigInt);
  // Stryker disable next-line EqualityOperator: equivalent, `>=` cannot differ from `>` once ac !== bc
  if (ac !== bc) return ac > bc ? 1 : -1;
  // Stryker disable next-line EqualityOperator: equivalent, `>=` cannot differ from `>` once ap !== bp
  return ap === bp ? 0 : ap > bp ? 1 : -1;
};

/** The later of two positions (either may be absent). */
export const laterLogPosition = (a: string | undefined, b: string | undefined): string | undefined =>
  a === undefined ? b : b === undefined ? a : compareLogPositions(a, b) >= 0 ? a : b;
