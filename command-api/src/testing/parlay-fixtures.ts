import type { EventOf, ParlayBody } from '@bt/contracts';
import type { AmendParlay } from '../parlays/amend-parlay';
import type { CreateParlay } from '../parlays/create-parlay';
import { meta, USER } from './decider-spec';

/** Commands and events of one parlay, for the parlay deciders' tests (parlays/*.test.ts). */
export const PARLAY = '0190a000-0000-7000-8000-0000000000c1';
export type LegIn = ParlayBody['legs'][number];
export const leg = (odds: string, outcome: LegIn['outcome'] = 'pending', date?: string): LegIn => ({
  sport: 'football',
  event: `Game ${odds}`,
  selection: 'Home',
  odds,
  outcome,
  ...(date ? { date } : {}),
});
export const stored = (odds: string, outcome: LegIn['outcome'] = 'pending', date = '2025-03-10') => ({
  ...leg(odds, outcome),
  date,
  league: null as string | null,
  closingOdds: null as string | null,
  startsAt: null as string | null,
});
export const body = (legs: LegIn[], outcome: ParlayBody['outcome'] = 'pending'): ParlayBody => ({
  name: 'Sunday special',
  stake: 50,
  outcome,
  notes: null,
  date: '2025-03-10',
  legs,
});
export const create = (legs: LegIn[], outcome?: ParlayBody['outcome'], date?: string): CreateParlay => ({
  type: 'CreateParlay',
  data: { ...body(legs, outcome), date, parlayId: PARLAY, unitSize: null },
  metadata: meta(),
});
export const created = (legs = [stored('+100'), stored('-110')]): EventOf<'ParlayCreated'> => ({
  type: 'ParlayCreated',
  data: {
    userId: USER,
    parlayId: PARLAY,
    name: 'Sunday special',
    stake: 50,
    notes: null,
    date: '2025-03-10',
    dateSet: true,
    legs,
    book: null,
    tags: [],
    bonusBet: false,
    unitSize: null,
  },
});
/** A parlay whose date is its latest leg's (none was sent). */
export const derived = (legs = [stored('+100'), stored('-110')]): EventOf<'ParlayCreated'> => ({
  type: 'ParlayCreated',
  data: { ...created(legs).data, dateSet: false },
});
export const settled = (
  outcome: EventOf<'ParlaySettled'>['data']['outcome'],
  cashOutAmount: number | null = null,
): EventOf<'ParlaySettled'> => ({
  type: 'ParlaySettled',
  data: { userId: USER, parlayId: PARLAY, outcome, cashOutAmount },
});
export const amend = (data: Partial<AmendParlay['data']>, userId = USER): AmendParlay => ({
  type: 'AmendParlay',
  data: { parlayId: PARLAY, stake: 50, legs: [stored('+100'), stored('-110')], ...data },
  metadata: meta({ userId }),
});
