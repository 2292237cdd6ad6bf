import type { Stats } from '@bt/contracts';

/**
 * The record as bettors write it, wins-losses-pushes ("12-8-1"), with voids and cash-outs when
 * there are any ("12-8-1, 2 void, 1 cashed out"). Answers from before voids read as none.
 */
export const recordText = (record: Stats['record']): string => {
  const voids = record.voids ?? 0;
  const cashouts = record.cashouts ?? 0;
  return [
    `${record.wins}-${record.losses}-${record.pushes}`,
    ...(voids > 0 ? [`${voids} void`] : []),
    ...(cashouts > 0 ? [`${cashouts} cashed out`] : []),
  ].join(', ');
};
