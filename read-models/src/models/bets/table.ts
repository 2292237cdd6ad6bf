import type { Selectable } from 'kysely';
import type { Outcome, Sport } from '@bt/contracts';
import { col, table, type TableType } from '../../columns';

/**
 * Bet history: single bets and parlays merged. A parlay row has kind 'parlay', sport 'parlay',
 * bet_type 'parlay', event = the parlay's name, odds = its total odds, leg_count = its number of legs,
 * league null. Profit, decimal price, clv, stake at risk and units are computed (contracts'
 * pricedBet / pricedParlay), never by the projector itself.
 */
export const bets = table('bets', {
  owner: 'user_id',
  key: ['id'],
  columns: {
    id: col.uuid(),
    user_id: col.uuid(),
    kind: col.text<'bet' | 'parlay'>(),
    sport: col.text<Sport | 'parlay'>(),
    event: col.text(),
    bet_type: col.text(),
    /**
     * A bet's odds as stored (any format, as typed: "+150", "2.50", "3/2"; answers show the canonical
     * American text); a parlay row's total odds ("+264").
     */
    odds: col.text(),
    stake: col.money(),
    profit: col.money(),
    outcome: col.text<Outcome>(),
    notes: col.text().orNull(),
    date: col.date(),
    created_at: col.timestamptz(),
    updated_at: col.timestamptz(),
    parlay_id: col.uuid().orNull(),
    is_part_of_parlay: col.boolean(),
    leg_count: col.integer().orNull(),
    version: col.integer(),
    book: col.text().orNull(),
    league: col.text().orNull(),
    tags: col.jsonb<string[]>(),
    /** The exact price as a decimal, to 4 places. */
    decimal_odds: col.double(),
    /** A bet's closing odds as stored (any format); a parlay row's close (canonical American); null without one. */
    closing_odds: col.text().orNull(),
    /** Closing-line value in percent (two decimals); null without closing odds. */
    clv: col.double().orNull(),
    bonus_bet: col.boolean(),
    /** What a cash-out returned; null unless the outcome is 'cashout'. */
    cash_out_amount: col.money().orNull(),
    /** The unit size in effect when it was placed (never amended); null when none was set. */
    unit_size: col.money().orNull(),
    units: col.double().orNull(),
    profit_units: col.double().orNull(),
    /** The bettor's own money the row put at risk: ROI's denominator (0 for pending, void and bonus bets). */
    stake_at_risk: col.money(),
    /** When the event starts, as typed (ISO 8601 with its offset); a parlay's: its earliest leg's when every leg has one. */
    starts_at: col.text().orNull(),
    /** When it was first recorded (its BetPlaced's or ParlayCreated's recordedAt): public profiles' provisional timing. */
    recorded_at: col.timestamptz().orNull(),
    /** Appended by a CSV import (its first event carries an import id). */
    imported: col.boolean(),
  },
});

export type BetHistoryRow = Selectable<TableType<typeof bets>>;
