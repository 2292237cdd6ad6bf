import { MESSAGES } from '@bt/contracts';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { Field, FormActions, FormStack, Input } from '../../../components/field';
import { WalletIcon } from '../../../components/icons';
import { formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useAddFundsMutation } from '../api/bankroll-api';

/** 'Add Funds' from 1280 px; below it, where the header links need the room, 'Funds' beside the wallet. */
const Label = styled.span`
  @media (max-width: 1279.98px) {
    display: none;
  }
`;
const ShortLabel = styled.span`
  font-size: 0.8125rem;
  @media (min-width: 1280px) {
    display: none;
  }
`;

function AddFundsForm({ onDone }: { onDone: () => void }) {
  const [amount, setAmount] = useState('');
  const [addFunds, { isLoading }] = useAddFundsMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const value = Number.parseFloat(amount);
    if (!Number.isFinite(value) || value <= 0) {
      toast({ variant: 'destructive', title: 'Invalid amount', description: MESSAGES.fundsAmount });
      return;
    }
    try {
      await addFunds({ amount: Math.round(value * 100) / 100 }).unwrap();
      toast({ title: 'Funds added', description: `Successfully added ${formatMoney(value)} to your bankroll` });
      onDone();
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to update bankroll. Please try again.' });
    }
  };

  return (
    <FormStack onSubmit={onSubmit} noValidate>
      <Field label="Amount ($)">
        {(props) => (
          <Input
            {...props}
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            placeholder="0.00"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            autoFocus
          />
        )}
      </Field>
      <FormActions>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Adding...' : 'Add Funds'}
        </Button>
      </FormActions>
    </FormStack>
  );
}

/** The header's Add Funds button and dialog (POST /api/bankroll with the deposit). */
export function AddFundsDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      {/* A wallet, not a plus: on phones it sits beside the round 'Add Bet' plus, and reads as money. */}
      <Button variant="outline" size="sm" title="Add Funds" aria-label="Add Funds" onClick={() => setOpen(true)}>
        <WalletIcon size={16} />
        <Label aria-hidden="true">Add Funds</Label>
        <ShortLabel aria-hidden="true">Funds</ShortLabel>
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Add Funds"
        description="Add money to your bankroll to track your betting balance."
      >
        <AddFundsForm onDone={() => setOpen(false)} />
      </Dialog>
    </>
  );
}
