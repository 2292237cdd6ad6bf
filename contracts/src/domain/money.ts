/** Rounds a dollar amount to whole cents (half away from zero). */
export const roundMoney = (amount: number): number => {
  const cents = Math.round(Math.abs(amount) * 100 + 1e-7);
  return (Math.sign(amount) * cents) / 100 || 0;
};

/** Dollars to integer cents, for exact sums. */
export const toCents = (amount: number): number => Math.round(amount * 100 + (amount >= 0 ? 1e-7 : -1e-7));

export const fromCents = (cents: number): number => cents / 100;

/** Plain decimal text ("50", "12.5", ".75"): no sign but +, no exponent, no hex, binary or octal. */
const DECIMAL_TEXT = /^\+?(\d+(\.\d*)?|\.\d+)$/;

/** The largest amount a request may carry. */
const MAX_AMOUNT = 1_000_000_000;

/**
 * Reads a positive dollar amount (number or plain decimal text): at least a cent once rounded, at
 * most a billion; rounded to cents. The rule of contracts' `positiveAmount`, without zod, for the
 * web app's checks that run before zod is loaded.
 */
export const readAmount = (value: unknown): { ok: true; amount: number } | { ok: false; problem: 'invalid' | 'tooLarge' } => {
  const text = typeof value === 'string' ? value.trim() : '';
  const n = typeof value === 'number' ? value : DECIMAL_TEXT.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(n) || Math.round(n * 100) <= 0) return { ok: false, problem: 'invalid' };
  if (n > MAX_AMOUNT) return { ok: false, problem: 'tooLarge' };
  return { ok: true, amount: Math.round(n * 100) / 100 };
};
