import type { DomainEvent } from '@bt/contracts';

/** Who asks and when. Deciders never read a clock or make ids: both come in here or in the data. */
export interface CommandMetadata {
  /** The signed-in user (the token's subject). */
  userId: string;
  /** ISO instant at which the command is handled. */
  now: string;
}

export interface Command<T extends string, D> {
  type: T;
  data: D;
  metadata: CommandMetadata;
}

/** An event as `evolve` folds it: its type and data, and when it happened (its metadata's occurredAt). */
export type Recorded<E extends DomainEvent = DomainEvent> = E & { occurredAt: string };

/** An aggregate's state machine: where a stream starts and how each of its events moves it. */
export interface Aggregate<S, E extends DomainEvent> {
  initialState: () => S;
  evolve: (state: S, event: Recorded<E>) => S;
}

export const fold = <S, E extends DomainEvent>(
  aggregate: Aggregate<S, E>,
  events: readonly Recorded<E>[],
  from = aggregate.initialState(),
): S => events.reduce(aggregate.evolve, from);

/** The `never` check of an evolve's switch: an event type this aggregate does not know leaves it as it is. */
export const ignoreUnknown = <S>(state: S, event: never): S => {
  void event;
  return state;
};

/** The `never` check of a decide's switch: a state that cannot exist. */
export const unreachable = (value: never): never => {
  throw new Error(`Unexpected state ${JSON.stringify(value)}`);
};
