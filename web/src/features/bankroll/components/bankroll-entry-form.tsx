import { MESSAGES } from '@bt/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { Field, FieldGrid, FormActions, FormStack, Input, Select } from '../../../components/field';
import { isHttpError, serverMessageOr } from '../../../lib/api-error';
import { formatMoney, formatProfit } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useAddFundsMutation, useAdjustBankrollMutation, useGetBankrollQuery, useWithdrawFundsMutation } from '../api/bankroll-api';

type Kind = 'deposit' | 'withdrawal' | 'count';

const KINDS: readonly { value: Kind; label: string; amount: string; button: string }[] = [
  { value: 'deposit', label: 'Deposit', amount: 'Amount ($)', button: 'Add deposit' },
  { value: 'withdrawal', label: 'Withdrawal', amount: 'Amount ($)', button: 'Withdraw' },
  { value: 'count', label: 'Counted balance (adjustment)', amount: 'Balance I counted ($)', button: 'Adjust to this balance' },
];

/** Plain decimal text as the API reads it ("50", "12.5"); NaN for anything else. */
const parseAmount = (text: string): number => (/^\+?(\d+(\.\d*)?|\.\d+)$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * A new ledger entry: a deposit, a withdrawal, or the balance the bettor counted (the difference
 * is recorded as an adjustment), each with an optional note. Errors show under the amount, with
 * the balance when a withdrawal is larger than it.
 */
export function BankrollEntryForm({ version }: { version: number | null }) {
  const [kind, setKind] = useState<Kind>('deposit');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const bankroll = useGetBankrollQuery(undefined);
  const [addFunds, adding] = useAddFundsMutation();
  const [withdraw, withdrawing] = useWithdrawFundsMutation();
  const [adjust, adjusting] = useAdjustBankrollMutation();
  const busy = adding.isLoading || withdrawing.isLoading || adjusting.isLoading;
  const shown = KINDS.find((k) => k.value === kind)!;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const value = parseAmount(amount);
    const valid = kind === 'count' ? Number.isFinite(value) && value >= 0 : Number.isFinite(value) && Math.round(value * 100) > 0;
    if (!valid) {
      setError(kind === 'count' ? MESSAGES.countedBalance : MESSAGES.fundsAmount);
      return;
    }
    setError(undefined);
    const body = { amount: value, note: note.trim() === '' ? null : note.trim() };
    try {
      if (kind === 'deposit') {
        await addFunds(body).unwrap();
        toast({ title: 'Funds added', description: `Added ${formatMoney(value)} to your bankroll` });
      } else if (kind === 'withdrawal') {
        await withdraw(body).unwrap();
        toast({ title: 'Funds withdrawn', description: `Withdrew ${formatMoney(value)} from your bankroll` });
      } else {
        const answer = await adjust({ body: { countedBalance: value, note: body.note }, version }).unwrap();
        toast({
          title: answer.message,
          description: answer.difference === 0 ? undefined : `Adjusted by ${formatProfit(answer.difference)} to ${formatMoney(value)}`,
        });
      }
      setAmount('');
      setNote('');
    } catch (failure) {
      if (isHttpError(failure) && failure.serverMessage === MESSAGES.insufficientFunds && bankroll.data) {
        setError(`${MESSAGES.insufficientFunds}: the balance is ${formatMoney(bankroll.data.amount)}.`);
      } else if (isHttpError(failure) && failure.status === 409) {
        setError('The ledger changed since it was shown (it has been refreshed). Check the balance and try again.');
      } else {
        setError(serverMessageOr(failure, 'Failed to update bankroll. Please try again.'));
      }
    }
  };

  return (
    <FormStack onSubmit={onSubmit} noValidate aria-label="New bankroll entry">
      <FieldGrid $columns={3}>
        <Field label="Entry">
          {(props) => (
            <Select
              {...props}
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as Kind);
                setError(undefined);
              }}
            >
              {KINDS.map((k) => (
                <option key={k.value} value={k.value}>
                  {k.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={shown.amount} error={error}>
          {(props) => (
            <Input
              {...props}
              type="text"
              inputMode="decimal"
              placeholder="0.00"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          )}
        </Field>
        <Field label="Note (optional)">
          {(props) => <Input {...props} maxLength={200} value={note} onChange={(e) => setNote(e.target.value)} />}
        </Field>
      </FieldGrid>
      <FormActions>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : shown.button}
        </Button>
      </FormActions>
    </FormStack>
  );
}
