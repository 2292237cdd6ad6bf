import { expect } from 'chai';
import { bankroll } from '../bankroll/bankroll';
import { amendBet } from '../bets/amend-bet';
import { bet } from '../bets/bet';
import { placeBet } from '../bets/place-bet';
import { removeBet } from '../bets/remove-bet';
import { restoreBet } from '../bets/restore-bet';
import { goal } from '../goals/goal';
import { removeGoal } from '../goals/remove-goal';
import { restoreGoal } from '../goals/restore-goal';
import { reviseGoal } from '../goals/revise-goal';
import { setGoal } from '../goals/set-goal';
import { eraseEntry } from '../journal/erase-entry';
import { restoreEntry } from '../journal/restore-entry';
import { journalEntry } from '../journal/journal-entry';
import { reviseEntry } from '../journal/revise-entry';
import { writeEntry } from '../journal/write-entry';
import { amendParlay } from '../parlays/amend-parlay';
import { createParlay } from '../parlays/create-parlay';
import { parlay } from '../parlays/parlay';
import { removeParlay } from '../parlays/remove-parlay';
import { restoreParlay } from '../parlays/restore-parlay';
import { changeEmail } from '../users/change-email';
import { changePassword } from '../users/change-password';
import { emailReservation } from '../users/email-reservation';
import { registerUser } from '../users/register-user';
import { releaseEmail } from '../users/release-email';
import { reserveEmail } from '../users/reserve-email';
import { resetPassword } from '../users/reset-password';
import { revokeSessions } from '../users/revoke-sessions';
import { preferences } from '../settings/preferences';
import { user } from '../users/user';
import { meta } from '../testing/decider-spec';

/**
 * The switches over states and events are exhaustive for the compiler; at run time a state that
 * cannot exist is refused loudly, and an event type an aggregate does not know (one a later
 * version adds) leaves it as it is.
 */
describe('states and events an aggregate does not know', () => {
  const deciders = {
    placeBet,
    amendBet,
    removeBet,
    restoreBet,
    setGoal,
    reviseGoal,
    removeGoal,
    restoreGoal,
    writeEntry,
    reviseEntry,
    eraseEntry,
    restoreEntry,
    createParlay,
    amendParlay,
    removeParlay,
    restoreParlay,
    registerUser,
    changeEmail,
    changePassword,
    revokeSessions,
    resetPassword,
    reserveEmail,
    releaseEmail,
  } as Record<string, (command: never, state: never) => unknown>;

  for (const [name, decide] of Object.entries(deciders)) {
    it(`${name} refuses a state that cannot exist`, () => {
      const command = { type: name, data: {}, metadata: meta() } as never;
      expect(() => decide(command, { status: 'haunted' } as never)).to.throw(Error, 'Unexpected state {"status":"haunted"}');
    });
  }

  const aggregates = { bankroll, bet, goal, journalEntry, parlay, user, emailReservation, preferences } as Record<
    string,
    { initialState: () => unknown; evolve: (state: never, event: never) => unknown }
  >;
  for (const [name, aggregate] of Object.entries(aggregates)) {
    it(`${name} is left as it is by an event type it does not know`, () => {
      const state = aggregate.initialState();
      const event = { type: 'FromTheFuture', data: {}, occurredAt: '2025-03-01T00:00:00.000Z' } as never;
      expect(aggregate.evolve(state as never, event)).to.equal(state);
    });
  }
});
