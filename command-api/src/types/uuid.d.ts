// uuid@10 ships no type declarations; these are the two functions command-api uses.
declare module 'uuid' {
  /** A time-ordered (version 7) UUID string. */
  export function v7(): string;
  /** A name-based (version 5, SHA-1) UUID: the same name in the same namespace gives the same id. */
  export function v5(name: string, namespace: string): string;
}
