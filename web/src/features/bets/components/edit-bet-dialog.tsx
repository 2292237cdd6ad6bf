import { SINGLE_BET_TYPES, type BetRow } from '@bt/contracts';
import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { FormActions, FormStack } from '../../../components/field';
import { serverMessageOr } from '../../../lib/api-error';
import { focusFirstInvalid } from '../../../lib/focus';
import { toast } from '../../../lib/toast';
import { bookSuggestions } from '../../../lib/books';
import { usePreferences } from '../../../lib/preferences';
import { useGetBookUsageQuery, useUpdateBetMutation } from '../api/bets-api';
import { betFormFrom, type BetFormErrors, type BetFormValues } from '../lib/bet-form';
import { loadBetChecks, usePreloadedBetChecks } from '../lib/bet-checks';
import { BetChangesDialog } from './bet-changes-dialog';
import { BetFormFields } from './bet-form-fields';

/** Spec 5: the edit dialog offers only the first four bet types (no 'parlay'). */

function EditBetForm({ bet, onDone }: { bet: BetRow; onDone: () => void }) {
  const { oddsFormat } = usePreferences();
  const [start] = useState<BetFormValues>(() => betFormFrom(bet, oddsFormat));
  const [values, setValues] = useState<BetFormValues>(start);
  const [errors, setErrors] = useState<BetFormErrors>({});
  const [updateBet, { isLoading }] = useUpdateBetMutation();
  const [showChanges, setShowChanges] = useState(false);
  const { data: usage } = useGetBookUsageQuery();
  const books = useMemo(() => bookSuggestions(usage ?? []), [usage]);
  usePreloadedBetChecks();

  const onChange = <K extends keyof BetFormValues>(field: K, value: BetFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    try {
      const { validateBetForm } = await loadBetChecks();
      const result = validateBetForm(values, start.closingOdds);
      if (!result.ok) {
        setErrors(result.errors);
        focusFirstInvalid(form);
        return;
      }
      await updateBet({ id: bet.id, body: result.body, version: bet.version }).unwrap();
      toast({ title: 'Success', description: 'Bet updated successfully' });
      onDone();
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: serverMessageOr(error, 'Failed to update bet') });
    }
  };

  return (
    <FormStack onSubmit={onSubmit} noValidate>
      <BetFormFields values={values} errors={errors} onChange={onChange} betTypes={SINGLE_BET_TYPES} books={books} />
      <FormActions>
        <Button variant="ghost" onClick={() => setShowChanges(true)}>
          Changes
        </Button>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Updating...' : 'Update Bet'}
        </Button>
      </FormActions>
      <BetChangesDialog bet={showChanges ? bet : null} onClose={() => setShowChanges(false)} />
    </FormStack>
  );
}

export function EditBetDialog({ bet, onClose }: { bet: BetRow | null; onClose: () => void }) {
  return (
    <Dialog open={bet !== null} onClose={onClose} title="Edit Bet" description="Change the details of this bet.">
      {bet && <EditBetForm bet={bet} onDone={onClose} />}
    </Dialog>
  );
}
