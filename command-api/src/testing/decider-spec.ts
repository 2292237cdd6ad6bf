import { expect } from 'chai';
import type { DomainEvent } from '@bt/contracts';
import { HttpError } from '@bt/platform';
import { fold, type Aggregate, type CommandMetadata, type Recorded } from '../shared/command';

export const USER = '0190a000-0000-7000-8000-000000000001';
export const OTHER_USER = '0190a000-0000-7000-8000-000000000002';
export const NOW = '2025-03-15T12:00:00.000Z';
/** When the given events happened, unless an event says otherwise. */
export const EARLIER = '2025-03-01T09:00:00.000Z';

export const meta = (overrides: Partial<CommandMetadata> = {}): CommandMetadata => ({ userId: USER, now: NOW, ...overrides });

/**
 * Given/when/then for a decider: given these events (folded with the aggregate's evolve), when
 * this command, then these events, or this error.
 */
export const deciderSpec = <S, E extends DomainEvent, C>(aggregate: Aggregate<S, E>, decide: (command: C, state: S) => E[]) => ({
  given: (events: (E | Recorded<E>)[]) => {
    const state = () =>
      fold(
        aggregate,
        events.map((e) => ({ occurredAt: EARLIER, ...e }) as Recorded<E>),
      );
    return {
      when: (command: C) => ({
        then: (expected: E[]) => expect(decide(command, state())).to.deep.equal(expected),
        thenNothing: () => expect(decide(command, state())).to.deep.equal([]),
        thenThrows: (status: number, message: string) => {
          let thrown: unknown;
          try {
            decide(command, state());
          } catch (error) {
            thrown = error;
          }
          expect(thrown, 'expected the command to be refused').to.be.instanceOf(HttpError);
          expect((thrown as HttpError).status).to.equal(status);
          expect((thrown as HttpError).message).to.equal(message);
        },
      }),
    };
  },
});
