/** Rounds a dollar amount to whole cents (half away from zero). */
export const roundMoney = (amount: number): number => {
  const cents = Math.round(Math.abs(amount) * 100 + 1e-7);
  return (Math.sign(amount) * cents) / 100 || 0;
};

/** Dollars to integer cents, for exact sums. */
export const toCents = (amount: number): number => Math.round(amount * 100 + (amount >= 0 ? 1e-7 : -1e-7));

export const fromCents = (cents: number): number => cents / 100;
