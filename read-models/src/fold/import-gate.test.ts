import { expect } from 'chai';
import { IMPORT_METADATA_KEY } from '@bt/contracts';
import type { RecordedEvent } from '@bt/event-store';
import { admitImports } from './import-gate';

let position = 0n;
const event = (type: string, data: Record<string, unknown> = {}, importId?: string): RecordedEvent => {
  position += 1n;
  return {
    id: `e${position}`,
    streamId: type.startsWith('Import') ? 'imports-u' : `bet-${position}`,
    revision: 0n,
    position: { commit: position, prepare: position },
    type,
    data: { userId: 'u', ...data },
    metadata: {
      occurredAt: new Date(0).toISOString(),
      commandId: 'c',
      schemaVersion: 4,
      ...(importId && { [IMPORT_METADATA_KEY]: importId }),
    },
    recordedAt: new Date(0).toISOString(),
  };
};
const started = (importId: string) => event('ImportStarted', { importId });
const committed = (importId: string) => event('ImportCommitted', { importId });
const abandoned = (importId: string) => event('ImportAbandoned', { importId });
const bet = (importId?: string) => event('BetPlaced', {}, importId);
const types = (events: readonly RecordedEvent[]) =>
  events.map((e) => `${e.type}${(e.metadata[IMPORT_METADATA_KEY] as string | undefined) ?? ''}`);

describe('the import rule (admitImports)', () => {
  it('admits a committed import’s events where they are, with the user’s own around them', () => {
    const events = [bet(), started('a'), bet('a'), bet(), bet('a'), committed('a'), bet()];
    expect(admitImports(events)).to.deep.equal({ admitted: events });
  });

  it('drops every event of an abandoned import and keeps the rest', () => {
    const events = [started('a'), bet('a'), bet(), bet('a'), abandoned('a'), bet()];
    expect(types(admitImports(events).admitted)).to.deep.equal(['ImportStarted', 'BetPlaced', 'ImportAbandoned', 'BetPlaced']);
  });

  it('stops after the start of an import not ended yet: nothing of the user after it counts', () => {
    const events = [bet(), started('a'), bet('a'), bet()];
    const { admitted, waitingFor } = admitImports(events);
    expect(types(admitted)).to.deep.equal(['BetPlaced', 'ImportStarted']);
    expect(waitingFor).to.equal('a');
  });

  it('drops an import’s stragglers after its end, and events of an import started before the events given unless told', () => {
    const events = [bet('x'), started('a'), bet('a'), committed('a'), bet('a')];
    expect(types(admitImports(events).admitted)).to.deep.equal(['ImportStarted', 'BetPlaceda', 'ImportCommitted']);
  });

  it('reads on from an import started just before the events given (a release)', () => {
    const events = [bet('a'), bet(), committed('a'), started('b'), bet('b')];
    expect(admitImports(events, 'a')).to.deep.equal({ admitted: events.slice(0, 4), waitingFor: 'b' });
    expect(admitImports([bet('a'), bet()], 'a')).to.deep.equal({ admitted: [], waitingFor: 'a' });
  });

  it('admits two imports one after the other, the first committed and the second abandoned', () => {
    const events = [started('a'), bet('a'), committed('a'), started('b'), bet('b'), abandoned('b'), bet()];
    expect(types(admitImports(events).admitted)).to.deep.equal([
      'ImportStarted',
      'BetPlaceda',
      'ImportCommitted',
      'ImportStarted',
      'ImportAbandoned',
      'BetPlaced',
    ]);
  });
});
