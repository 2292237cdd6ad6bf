import type { DomainEvent } from '@bt/contracts';

/** A generated user's bankroll stream: money in, its events so far, and the revisions of the entries that count (newest last). */
export interface BankrollSim {
  deposits: number;
  events: number;
  entries: number[];
}

export const newBankrollSim = (): BankrollSim => ({ deposits: 0, events: 0, entries: [] });

/** A deposit (a note on the larger ones). */
export const deposit = (sim: BankrollSim, userId: string, amount: number): DomainEvent => {
  sim.deposits += amount;
  sim.entries.push(sim.events++);
  return { type: 'FundsAdded', data: { userId, amount, note: amount > 100 ? 'Payday' : null } };
};

/** In turn: a withdrawal, an adjustment to a counted balance, an undo of the last entry that counts. */
export const bankrollChange = (sim: BankrollSim, userId: string): DomainEvent => {
  const turn = sim.events % 3;
  const revision = sim.events++;
  const entryRevision = sim.entries.at(-1);
  if (turn === 2 && entryRevision !== undefined) {
    sim.entries.pop();
    return { type: 'BankrollEntryUndone', data: { userId, entryRevision } };
  }
  sim.entries.push(revision);
  if (turn === 1) return { type: 'BankrollAdjusted', data: { userId, countedBalance: sim.deposits - 5, difference: -5, note: null } };
  sim.deposits -= 10;
  return { type: 'FundsWithdrawn', data: { userId, amount: 10, note: null } };
};
