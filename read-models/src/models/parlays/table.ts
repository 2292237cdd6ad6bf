import type { Selectable } from 'kysely';
import type { Outcome, ParlayLeg } from '@bt/contracts';
import { col, table, type TableType } from '../../columns';

export const parlays = table('parlays', {
  owner: 'user_id',
  key: ['id'],
  columns: {
    id: col.uuid(),
    user_id: col.uuid(),
    name: col.text(),
    /** Rounded American form of decimal_odds, e.g. "+264" (pushed legs priced out). */
    total_odds: col.text(),
    decimal_odds: col.double(),
    stake: col.money(),
    potential_profit: col.money(),
    profit: col.money(),
    /** The outcome derived from the legs (parlayOutcome), falling back to chosen_outcome while legs are pending. */
    outcome: col.text<Outcome>(),
    /** The outcome last chosen by the user (ParlaySettled), 'pending' when never. */
    chosen_outcome: col.text<Outcome>(),
    notes: col.text().orNull(),
    /** The bettor's chosen day, else the latest leg's (date_set false: it follows the legs). */
    date: col.date(),
    created_at: col.timestamptz(),
    updated_at: col.timestamptz(),
    legs: col.jsonb<ParlayLeg[]>(),
    version: col.integer(),
    /** False while `date` is the latest leg's (it follows the legs); true once the bettor chose it. */
    date_set: col.boolean(),
    book: col.text().orNull(),
    tags: col.jsonb<string[]>(),
    /** The product of the legs' closes (canonical American) when every leg has one; else null. */
    closing_odds: col.text().orNull(),
    clv: col.double().orNull(),
    bonus_bet: col.boolean(),
    /** What a cash-out returned; null unless the outcome is 'cashout'. */
    cash_out_amount: col.money().orNull(),
    unit_size: col.money().orNull(),
    units: col.double().orNull(),
    profit_units: col.double().orNull(),
    stake_at_risk: col.money(),
    /** An imported parlay's own total odds (its legs carry no prices; any format, as stored); null: priced from its legs. */
    imported_total_odds: col.text().orNull(),
    /** When it was first recorded (its ParlayCreated's recordedAt). */
    recorded_at: col.timestamptz().orNull(),
    /** Appended by a CSV import. */
    imported: col.boolean(),
  },
});

export type ParlayRow = Selectable<TableType<typeof parlays>>;
