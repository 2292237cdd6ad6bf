import { MESSAGES, type EventOf } from '@bt/contracts';
import { expect } from 'chai';
import { fold } from '../shared/command';
import { deciderSpec, meta, OTHER_USER, USER } from '../testing/decider-spec';
import { changeSettings, preferences, type ChangeSettings } from './preferences';

const registered: EventOf<'UserRegistered'> = {
  type: 'UserRegistered',
  data: { userId: USER, email: 'ann@example.com', username: null, passwordHash: 'x' },
};
const change = (data: ChangeSettings['data'], userId = USER): ChangeSettings => ({
  type: 'ChangeSettings',
  data,
  metadata: meta({ userId }),
});

describe('preferences', () => {
  const spec = deciderSpec(preferences, changeSettings);

  it('starts at american odds and no unit size, and follows the last choice of each', () => {
    expect(fold(preferences, [{ ...registered, occurredAt: 'a' }])).to.deep.equal({ userId: USER, oddsFormat: 'american', unitSize: null });
    expect(
      fold(
        preferences,
        [
          registered,
          { type: 'UnitSizeSet', data: { userId: USER, unitSize: 20 } },
          { type: 'OddsFormatChosen', data: { userId: USER, oddsFormat: 'decimal' } },
          { type: 'UnitSizeSet', data: { userId: USER, unitSize: 50 } },
        ].map((e) => ({ ...e, occurredAt: 'a' }) as never),
      ),
    ).to.deep.equal({ userId: USER, oddsFormat: 'decimal', unitSize: 50 });
  });

  it('records each preference that changes', () =>
    spec
      .given([registered])
      .when(change({ oddsFormat: 'fractional', unitSize: 25 }))
      .then([
        { type: 'OddsFormatChosen', data: { userId: USER, oddsFormat: 'fractional' } },
        { type: 'UnitSizeSet', data: { userId: USER, unitSize: 25 } },
      ]));

  it('records nothing for what stays the same or is left out', () => {
    spec
      .given([registered])
      .when(change({ oddsFormat: 'american', unitSize: null }))
      .thenNothing();
    spec
      .given([registered, { type: 'UnitSizeSet', data: { userId: USER, unitSize: 25 } }])
      .when(change({ unitSize: 25 }))
      .thenNothing();
    spec.given([registered]).when(change({})).thenNothing();
  });

  it('clears the unit size with null', () =>
    spec
      .given([registered, { type: 'UnitSizeSet', data: { userId: USER, unitSize: 25 } }])
      .when(change({ unitSize: null }))
      .then([{ type: 'UnitSizeSet', data: { userId: USER, unitSize: null } }]));

  it('answers an account that does not exist, or is not the caller, as not found', () => {
    spec
      .given([])
      .when(change({ unitSize: 5 }))
      .thenThrows(404, MESSAGES.notFound);
    spec
      .given([registered])
      .when(change({ unitSize: 5 }, OTHER_USER))
      .thenThrows(404, MESSAGES.notFound);
  });
});
