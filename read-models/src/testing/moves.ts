import type { EventLog } from './event-log';

/**
 * Moves of a random history (live-equals-replay, snapshots) on the bankroll stream: an amount, and
 * a small number standing for a revision of the bankroll stream to undo (there or not).
 */
export const MOVES: readonly ((log: EventLog, amount: number, n: number) => unknown)[] = [
  (log, amount) => log.addFunds(amount, 'note'),
  (log, amount) => log.withdraw(amount),
  (log, amount) => log.adjustBankroll(amount, -amount),
  (log, _, n) => log.undoBankrollEntry(n),
];
