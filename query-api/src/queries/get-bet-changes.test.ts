import { expect } from 'chai';
import { MESSAGES } from '@bt/contracts';
import type { EventStore, RecordedEvent } from '@bt/event-store';
import { HttpError } from '@bt/platform';
import { EventLog } from '@bt/read-models/testing';
import { getBetChanges } from './get-bet-changes';

/** Only what the change history reads: one stream at a time. */
const storeOf = (events: readonly RecordedEvent[]): EventStore =>
  ({ readStream: async (streamId: string) => events.filter((e) => e.streamId === streamId) }) as unknown as EventStore;

const refusal = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the history to be refused');
};

describe('getBetChanges over events it cannot fold', () => {
  it('answers a BetPlaced of the wrong shape with a 503 and the replay message, not a TypeError', async () => {
    const log = new EventLog();
    const betId = log.placeBet({}, 'win');
    const [placed, settled] = log.events;
    const malformed = { ...placed, data: { userId: log.userId, betId } };
    const error = await refusal(getBetChanges(storeOf([malformed, settled]), log.userId, betId));
    expect(error).to.be.instanceOf(HttpError);
    expect(error).to.include({ status: 503, message: MESSAGES.replayUnavailable });
  });

  it('answers a parlay created without legs the same way', async () => {
    const log = new EventLog();
    const parlayId = log.createParlay([{}, {}]);
    const malformed = { ...log.events[0], data: { ...(log.events[0].data as object), legs: null } };
    const error = await refusal(getBetChanges(storeOf([malformed]), log.userId, parlayId));
    expect(error).to.include({ status: 503, message: MESSAGES.replayUnavailable });
  });

  it('still lists the changes of a well-formed bet', async () => {
    const log = new EventLog();
    const betId = log.placeBet({}, 'win');
    const changes = await getBetChanges(storeOf(log.events), log.userId, betId);
    expect(changes.map((c) => c.type)).to.deep.equal(['BetPlaced', 'BetSettled']);
  });
});
