import { MESSAGES, readAmount, type Outcome } from '@bt/contracts';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { serverMessageOr } from '../lib/api-error';
import { OUTCOME_LABELS } from '../lib/labels';
import { toast } from '../lib/toast';
import { Button } from './button';
import { Input } from './field';

const Group = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
`;

/** A touch target of at least 44 px (WCAG 2.5.5): these are tapped on phones above all. */
const SettleButton = styled(Button)`
  min-height: 44px;
  min-width: 44px;
`;

const AmountInput = styled(Input)`
  width: 7.5rem;
  min-height: 44px;
`;

const Problem = styled.p`
  flex-basis: 100%;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.destructive};
`;

/** The outcomes a bet or parlay is settled at in one tap; a leg has no cash-out. */
export const BET_CHOICES = ['win', 'loss', 'push', 'void', 'cashout'] as const;
export const LEG_CHOICES = ['win', 'loss', 'push', 'void'] as const;
type Choice = (typeof BET_CHOICES)[number];

/** What a settle answers: the row as settled (its version for the undo's If-Match). */
export interface Settled {
  version: number;
}

export interface Settlement {
  outcome: Outcome;
  cashOutAmount?: number;
}

interface SettleChoicesProps {
  /** 'Settle Chiefs vs Bills': names the group for assistive tech and tests. */
  label: string;
  choices: readonly Choice[];
  /** The row's outcome and cash-out amount now: what an Undo sets back. */
  previous: { outcome: Outcome; cashOutAmount: number | null };
  /** Sends a settlement with If-Match `version` (the row's, or the settle's for an undo). */
  settle: (settlement: Settlement, version: number) => Promise<Settled>;
  version: number;
  /** What the toast names ('Chiefs vs Bills', 'Leg 2 of Sunday Double'). */
  what: string;
}

/**
 * Win / Loss / Push / Void / Cashed out in one tap each (Cashed out asks for the amount first). The
 * toast offers Undo: a new settlement back to the outcome (and amount) it replaced, guarded by the
 * settle's version, so an undo never overwrites a change made elsewhere meanwhile (409).
 */
export function SettleChoices({ label, choices, previous, settle, version, what }: SettleChoicesProps) {
  const [busy, setBusy] = useState(false);
  const [cashingOut, setCashingOut] = useState(false);
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const amountId = useId();

  const undo = async (settledVersion: number) => {
    try {
      const back = previous.cashOutAmount === null ? { outcome: previous.outcome } : { ...previous, cashOutAmount: previous.cashOutAmount };
      await settle(back, settledVersion);
      toast({ title: 'Settlement undone', description: `${what} is ${OUTCOME_LABELS[previous.outcome]} again` });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: serverMessageOr(error, 'Failed to undo') });
    }
  };

  const run = async (settlement: Settlement) => {
    setBusy(true);
    try {
      const settled = await settle(settlement, version);
      const description = `${what}: ${OUTCOME_LABELS[settlement.outcome]}`;
      toast({ title: 'Bet settled', description, action: { label: 'Undo', onClick: () => void undo(settled.version) } });
      setCashingOut(false);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: serverMessageOr(error, 'Failed to update bet') });
    } finally {
      setBusy(false);
    }
  };

  const onCashOut = (event: FormEvent) => {
    event.preventDefault();
    // contracts' readAmount: the rule of positiveAmount, without loading zod for the dashboard's settle buttons.
    const parsed = readAmount(amount);
    if (!parsed.ok) {
      setProblem(amount.trim() === '' ? MESSAGES.cashOutRequired : MESSAGES.cashOutAmount);
      return;
    }
    setProblem(null);
    void run({ outcome: 'cashout', cashOutAmount: parsed.amount });
  };

  if (cashingOut) {
    return (
      <Group as="form" role="group" aria-label={label} onSubmit={onCashOut} noValidate>
        <label htmlFor={amountId}>Cash-out amount ($)</label>
        <AmountInput
          id={amountId}
          inputMode="decimal"
          value={amount}
          autoFocus
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${amountId}-problem` : undefined}
          onChange={(e) => setAmount(e.target.value)}
        />
        <SettleButton type="submit" size="sm" disabled={busy}>
          Save cash-out
        </SettleButton>
        <SettleButton type="button" variant="ghost" size="sm" onClick={() => setCashingOut(false)}>
          Cancel
        </SettleButton>
        {problem && (
          <Problem id={`${amountId}-problem`} role="alert">
            {problem}
          </Problem>
        )}
      </Group>
    );
  }
  return (
    <Group role="group" aria-label={label}>
      {choices.map((choice) => (
        <SettleButton
          key={choice}
          variant="outline"
          size="sm"
          disabled={busy}
          onClick={() => (choice === 'cashout' ? setCashingOut(true) : void run({ outcome: choice }))}
        >
          {OUTCOME_LABELS[choice]}
        </SettleButton>
      ))}
    </Group>
  );
}
