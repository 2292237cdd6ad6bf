// uuid@10 ships no type declarations; this is the one function the event store uses.
declare module 'uuid' {
  /** A time-ordered (version 7) UUID string. */
  export function v7(): string;
}
