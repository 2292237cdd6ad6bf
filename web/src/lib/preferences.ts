import { DEFAULTS, decimalOfOdds, formatOdds, type OddsFormat, parseOdds, roundDecimalOdds, type Settings } from '@bt/contracts';
import { api } from './api';
import { formatMoney, formatProfit, formatUnits } from './format';

/**
 * The bettor's preferences (GET /api/settings): every feature that shows a price or a stake reads
 * them, so the read lives here in shared code; Settings' Preferences tab writes them (PUT, which
 * invalidates 'Settings' and so every price on screen).
 */
export const preferencesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<Settings, void>({
      query: () => '/settings',
      providesTags: ['Settings'],
    }),
  }),
});

export const { useGetSettingsQuery } = preferencesApi;

/** Until the settings are read (or when they cannot be), prices show as American and no units. */
export const DEFAULT_SETTINGS: Settings = { oddsFormat: DEFAULTS.oddsFormat, unitSize: null };

/** The bettor's settings, or the defaults while they load or when the read fails. */
export const usePreferences = (): Settings => {
  const { data } = useGetSettingsQuery();
  return { ...DEFAULT_SETTINGS, ...(data ?? {}) };
};

/** A price as rows carry it: canonical American text and, from servers that answer it, the decimal. */
export interface PriceOf {
  american: string;
  decimal?: number | null;
}

const decimalOf = (price: PriceOf): number => price.decimal ?? decimalOfOdds(price.american);

/** A row's price in the bettor's format ("+150", "2.50", "3/2"), via contracts' formatOdds. */
export const showOdds = (price: PriceOf, format: OddsFormat): string =>
  formatOdds({ american: price.american, decimal: decimalOf(price) }, format);

/**
 * Odds text for an edit form that keeps the price exactly: the bettor's format when it reads back as
 * the same decimal price (to 4 places), else the American text, else the decimal itself ("2.375"
 * typed as decimal is +138 in American, a different price).
 */
export const oddsForInput = (price: PriceOf, format: OddsFormat): string => {
  const decimal = roundDecimalOdds(decimalOf(price));
  const keeps = (text: string) => {
    const parsed = parseOdds(text);
    return parsed !== undefined && roundDecimalOdds(parsed.decimal) === decimal;
  };
  const candidates = [showOdds(price, format), price.american, String(decimal)];
  return candidates.find(keeps) ?? price.american;
};

/** What the odds inputs suggest in the bettor's format. */
export const ODDS_PLACEHOLDERS: Record<OddsFormat, string> = {
  american: '+150 or -110',
  decimal: '2.50',
  fractional: '3/2',
};

/** A unit size as the bettor typed it: "$25" for whole dollars, else "$12.50". */
export const formatUnitSize = (unitSize: number): string => (Number.isInteger(unitSize) ? `$${unitSize}` : formatMoney(unitSize));

// Kept here too for the screens that read it with the preferences; it lives in format (no store).
export { formatUnits };

/**
 * Units won with a sign, saying which bets they cover when they are not all the bets the money
 * beside them covers (units exist only for bets placed with a unit size): "+1.82u on 8 of 25 bets".
 */
export const unitsWonText = (units: number, unitBets: number, bets: number): string =>
  `${units > 0 ? '+' : ''}${formatUnits(units)}${unitBets < bets ? ` on ${unitBets} of ${bets} bet${bets === 1 ? '' : 's'}` : ''}`;

/** "$50.00 · 2.5u" when the row has units, else "$50.00". */
export const moneyWithUnits = (amount: number, units: number | null | undefined): string =>
  units === null || units === undefined ? formatMoney(amount) : `${formatMoney(amount)} · ${formatUnits(units)}`;

/** "+$45.45 · +1.82u" when the row has units, else "+$45.45". */
export const profitWithUnits = (amount: number, units: number | null | undefined): string =>
  units === null || units === undefined ? formatProfit(amount) : `${formatProfit(amount)} · ${units > 0 ? '+' : ''}${formatUnits(units)}`;
