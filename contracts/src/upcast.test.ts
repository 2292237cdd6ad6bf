import { expect } from 'chai';
import { upcastEvent } from './upcast';

const legs = [{ date: '2024-11-20' }, { date: '2024-11-23' }];
const stored = (type: string, data: object, schemaVersion: number | undefined, occurredAt = '2025-03-01T23:59:00.000Z') => ({
  type,
  data,
  metadata: schemaVersion === undefined ? { occurredAt } : { occurredAt, schemaVersion },
  recordedAt: '2025-03-02T00:00:01.000Z',
});

describe('upcasting stored events', () => {
  it('reads a version 1 parlay dated the day it was recorded (UTC) as dated by its latest leg', () => {
    const event = stored('ParlayCreated', { date: '2025-03-01', legs }, 1);
    expect(upcastEvent(event).data).to.deep.equal({ date: '2024-11-23', legs, dateSet: false });
  });

  it('keeps a version 1 parlay date that differs from the day it was recorded, as chosen', () => {
    expect(upcastEvent(stored('ParlayCreated', { date: '2025-02-27', legs }, 1)).data).to.deep.equal({
      date: '2025-02-27',
      legs,
      dateSet: true,
    });
  });

  it('takes an event without a schema version as version 1, and recordedAt when occurredAt is missing', () => {
    expect(upcastEvent(stored('ParlayCreated', { date: '2025-03-01', legs }, undefined)).data).to.include({ dateSet: false });
    const event = {
      type: 'ParlayCreated',
      data: { date: '2025-03-02', legs },
      metadata: { schemaVersion: 1 },
      recordedAt: '2025-03-02T00:00:01.000Z',
    };
    expect(upcastEvent(event).data).to.include({ date: '2024-11-23', dateSet: false });
  });

  it('reads a date in a version 1 amend as chosen', () => {
    const event = stored('ParlayAmended', { changes: { date: '2025-01-01' } }, 1);
    expect(upcastEvent(event).data).to.deep.equal({ changes: { date: '2025-01-01', dateSet: true } });
  });

  it('leaves version 2 events and other types as they are, and never changes the stored event', () => {
    const current = stored('ParlayCreated', { date: '2025-03-01', dateSet: true, legs }, 2);
    expect(upcastEvent(current)).to.equal(current);
    const bet = stored('BetPlaced', { date: '2025-03-01' }, 1);
    expect(upcastEvent(bet)).to.equal(bet);
    const old = stored('ParlayCreated', { date: '2025-03-01', legs }, 1);
    upcastEvent(old);
    expect(old.data).to.deep.equal({ date: '2025-03-01', legs });
  });
});
