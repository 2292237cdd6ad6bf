import type { BetFormDefaults } from './bet-form';

/**
 * The add form's remembered choices, in localStorage under the signed-in user's key, so one
 * browser shared by two bettors keeps each one's own. Storage can throw (privacy modes): then
 * nothing is remembered.
 */
const keyOf = (userKey: string) => `betFormDefaults:${userKey}`;

export const readBetDefaults = (userKey: string | undefined): BetFormDefaults => {
  if (!userKey) return {};
  try {
    const value: unknown = JSON.parse(localStorage.getItem(keyOf(userKey)) ?? '{}');
    if (typeof value !== 'object' || value === null) return {};
    const { sport, betType, stake } = value as Record<string, unknown>;
    return {
      ...(typeof sport === 'string' ? { sport: sport as BetFormDefaults['sport'] } : {}),
      ...(typeof betType === 'string' ? { betType: betType as BetFormDefaults['betType'] } : {}),
      ...(typeof stake === 'string' ? { stake } : {}),
    };
  } catch {
    return {};
  }
};

export const rememberBetDefaults = (userKey: string | undefined, defaults: BetFormDefaults): void => {
  if (!userKey) return;
  try {
    localStorage.setItem(keyOf(userKey), JSON.stringify(defaults));
  } catch {
    // Not remembered: the next bet starts from the spec's empty form.
  }
};
