import { z } from 'zod';
import { instant } from './fields';

/* GET /api/bankroll, the ledger and the answers of its writes. */

/**
 * The balance: amount = deposits - withdrawals + adjustments + settled profit (undone entries left
 * out). atRisk: the stakes of pending bets and parlays (bonus stakes out: not the bettor's money);
 * available = amount - atRisk.
 */
export const bankroll = z.object({
  amount: z.number(),
  deposits: z.number(),
  withdrawals: z.number(),
  adjustments: z.number(),
  settledProfit: z.number(),
  atRisk: z.number(),
  available: z.number(),
  updatedAt: instant.nullable(),
});
export type Bankroll = z.infer<typeof bankroll>;

/** A deposit or withdrawal: its message and the amount moved. */
export const fundsMoved = z.object({ message: z.string(), amount: z.number() });

/** POST /api/bankroll/adjust: the balance counted and what that moved it by (0: nothing recorded). */
export const bankrollAdjustment = z.object({ message: z.string(), countedBalance: z.number(), difference: z.number() });
export type BankrollAdjustment = z.infer<typeof bankrollAdjustment>;

export const BANKROLL_ENTRY_KINDS = ['deposit', 'withdrawal', 'adjustment'] as const;

/**
 * One line of the bankroll ledger: `revision` is its place in the bankroll stream (its id), `amount`
 * the signed change to the balance, `countedBalance` what an adjustment counted, `undoneAt` when it
 * was undone (it no longer counts; null while it does).
 */
export const bankrollEntry = z.object({
  revision: z.number().int(),
  kind: z.enum(BANKROLL_ENTRY_KINDS),
  amount: z.number(),
  countedBalance: z.number().nullable(),
  note: z.string().nullable(),
  at: instant,
  undoneAt: instant.nullable(),
});
export type BankrollEntry = z.infer<typeof bankrollEntry>;

/** GET /api/bankroll/ledger: newest first; `version`: the bankroll stream's revision (If-Match of an undo or adjustment; null before any entry). */
export const bankrollLedger = z.object({ version: z.number().int().nullable(), entries: z.array(bankrollEntry) });
export type BankrollLedger = z.infer<typeof bankrollLedger>;

/** POST /api/bankroll/undo: the entry that no longer counts. */
export const bankrollUndone = z.object({ message: z.string(), entry: bankrollEntry });
export type BankrollUndone = z.infer<typeof bankrollUndone>;
