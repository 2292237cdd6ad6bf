import { randomUUID } from 'node:crypto';
import { EventLog } from '@bt/read-models/testing';
import type { Harness } from './harness';

/** "Today" for the known histories: the end of June 2025. */
export const NOW = new Date('2025-06-30T12:00:00.000Z');

/**
 * Given: alice's small known history (numbers worked out in the comments), bob's bet that was
 * settled a day after it was placed, carol (someone else), dave's edited bets for history, CSV and
 * NDJSON, erin (registered, nothing else: a token must name an existing user, so "no data" is a
 * real account) and fay (journal entries written in another order than their dates). `ids` names
 * the rows the tests look for.
 */
export const knownHistories = () => {
  const alice = new EventLog();
  const bob = new EventLog();
  const carol = new EventLog();
  const dave = new EventLog();
  const erin = new EventLog();
  const fay = new EventLog();
  const ids: Record<string, string> = {};

  alice.at('2025-05-01T10:00:00.000Z').register('alice@example.com', 'alice').addFunds(1000);
  ids.bet0 = alice.placeBet({ date: '2025-01-15', sport: 'baseball', odds: '+100', stake: 100 }, 'win'); // +100, long ago
  ids.bet1 = alice.placeBet({ date: '2025-05-10', sport: 'football', odds: '-110', stake: 110 }, 'win'); // +100 (window before)
  ids.bet2 = alice.placeBet({ date: '2025-05-20', sport: 'basketball', odds: '+150', stake: 100 }, 'loss'); // -100 (window before)
  alice.at('2025-06-05T10:00:00.000Z');
  ids.bet3 = alice.placeBet({ date: '2025-06-05', sport: 'football', odds: '+200', stake: 50 }, 'win'); // +100
  ids.bet4 = alice.placeBet({ date: '2025-06-10', sport: 'soccer', odds: '-200', stake: 100 }, 'win'); // +50
  ids.parlay = alice.createParlay(
    [
      { odds: '+100', outcome: 'win' },
      { odds: '+100', outcome: 'win' },
    ],
    { date: '2025-06-15', stake: 25 },
  ); // +75
  ids.bet5 = alice.placeBet({ date: '2025-06-20', sport: 'football', odds: '+100', stake: 100 }, 'loss'); // -100
  ids.bet6 = alice.placeBet({ date: '2025-06-25', sport: 'hockey', odds: '+120', stake: 40 }, 'push'); // 0
  ids.bet7 = alice.placeBet({ date: '2025-06-28', sport: 'basketball', odds: '-110', stake: 55 }); // pending
  ids.removed = alice.placeBet({ date: '2025-06-12', stake: 999 }, 'win');
  alice.removeBet(ids.removed);
  ids.goalActive = alice.setGoal({ title: 'June', targetAmount: 500, startDate: '2025-06-01', endDate: '2025-07-01' });
  ids.goalFailed = alice.setGoal({ title: 'May', targetAmount: 1000, startDate: '2025-05-01', endDate: '2025-05-31' });
  ids.goalPaused = alice.setGoal({ title: 'Paused', targetAmount: 50, startDate: '2025-06-01', endDate: '2025-07-01', paused: true });
  alice.at('2025-06-20T08:00:00.000Z');
  ids.entry1 = alice.writeJournal({ title: 'First', tags: ['nfl'] });
  alice.at('2025-06-21T08:00:00.000Z');
  ids.entry2 = alice.writeJournal({ title: 'Second', mood: 'positive' });

  bob.at('2025-06-29T10:00:00.000Z').register('bob@example.com');
  ids.bobBet = bob.placeBet({ date: '2025-06-29', odds: '+100', stake: 100 });
  bob.at('2025-06-30T09:00:00.000Z');
  bob.settleBet(ids.bobBet, 'win');

  carol.at('2025-06-01T10:00:00.000Z').register('carol@example.com');
  ids.carolBet = carol.placeBet({ date: '2025-06-01', stake: 20 }, 'win');

  dave.at('2025-06-01T10:00:00.000Z').register('dave@example.com', 'dave');
  ids.daveBet = dave.placeBet({ date: '2025-06-02', odds: '-110', stake: 110, notes: 'Line, with "quotes"\nand a second line' });
  dave.amendBet(ids.daveBet, { stake: 220 });
  dave.settleBet(ids.daveBet, 'win');
  ids.daveParlay = dave.createParlay([{ odds: '+100' }, { odds: '-110' }], { name: 'Two, legs', date: '2025-06-03', stake: 10 });
  dave.amendParlay(ids.daveParlay, {
    legs: [
      { odds: '+100', outcome: 'win' },
      { odds: '-110', outcome: 'push' },
    ],
  });
  ids.daveGone = dave.placeBet({ date: '2025-06-04' });
  dave.removeBet(ids.daveGone);
  // An address dave gave up and carol then took: that stream holds carol's event too.
  const emailStream = `email-${randomUUID()}`;
  dave.append(emailStream, 'EmailReserved', { email: 'old@example.com' });
  dave.append(emailStream, 'EmailReleased', { email: 'old@example.com' });
  carol.append(emailStream, 'EmailReserved', { email: 'old@example.com' });

  erin.at('2025-06-01T10:00:00.000Z').register('erin@example.com');
  fay.at('2025-06-10T08:00:00.000Z').register('fay@example.com');
  ids.fayJune20 = fay.writeJournal({ title: 'June 20', date: '2025-06-20' });
  fay.at('2025-06-11T08:00:00.000Z');
  ids.fayJune5 = fay.writeJournal({ title: 'June 5, written later', date: '2025-06-05' });
  fay.at('2025-06-12T08:00:00.000Z');
  ids.fayJune20Later = fay.writeJournal({ title: 'June 20, written later', date: '2025-06-20' });

  return { alice, bob, carol, dave, erin, fay, ids };
};

/** Records the histories into the harness's store and waits for the projector; the log position after them. */
export const recordKnownHistories = async (h: Harness, { alice, bob, carol, dave, erin, fay }: ReturnType<typeof knownHistories>) => {
  let head = '';
  // carol after dave: she took the address after he released it.
  for (const log of [alice, bob, dave, carol, erin, fay]) head = await h.record(log.events);
  await h.settle(); // the reads also send X-Min-Position; this only keeps a loaded machine from timing them out
  return head;
};
