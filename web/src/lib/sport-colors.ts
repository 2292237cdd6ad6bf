import type { Sport } from '@bt/contracts';

/**
 * Each sport's one colour, in every chart and legend, whatever its rank. None is the win green or
 * the loss red (those mean profit and loss), and each keeps at least 3:1 contrast on the cards of
 * both themes (checked in app/theme.test.ts).
 */
export const SPORT_COLORS: Readonly<Record<Sport | 'parlay', string>> = {
  football: '#3b82f6',
  basketball: '#ea580c',
  baseball: '#8b5cf6',
  hockey: '#0891b2',
  soccer: '#db2777',
  other: '#64748b',
  parlay: '#a16207',
};

/** The colour of a sport by name; a name outside the vocabulary takes Other's. */
export const sportColor = (sport: string): string =>
  sport in SPORT_COLORS ? SPORT_COLORS[sport as keyof typeof SPORT_COLORS] : SPORT_COLORS.other;
