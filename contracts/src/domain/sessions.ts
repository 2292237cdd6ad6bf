/**
 * Session generations: a token carries the generation its user's sessions had when it was signed
 * (claim `gen`; a token without one is generation 0). A revocation raises the user's generation,
 * so every token signed before it is refused, while the fresh token of the session that asked for
 * it carries the new one (no clock comparison: a token signed in the same second still works).
 */

/** What a user's stream says about their sessions: undefined when there is no such user. */
export const sessionGenerationOf = (events: readonly { type: string; data: unknown }[]): number | undefined => {
  let generation: number | undefined;
  for (const event of events) {
    if (event.type === 'UserRegistered') generation ??= 0;
    else if (event.type === 'SessionsRevoked' && generation !== undefined) {
      generation = Math.max(generation, (event.data as { generation: number }).generation);
    }
  }
  return generation;
};
