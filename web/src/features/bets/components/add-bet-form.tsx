import { SINGLE_BET_TYPES } from '@bt/contracts';
import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/card';
import { FormStack } from '../../../components/field';
import { today } from '../../../lib/dates';
import { clearDraft, readDraft, useDraft } from '../../../lib/drafts';
import { focusFirstInvalid } from '../../../lib/focus';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { bookSuggestions } from '../../../lib/books';
import { useAddBetMutation, useGetBookUsageQuery } from '../api/bets-api';
import { readBetDefaults, rememberBetDefaults } from '../lib/bet-defaults';
import { betFormWithDefaults, type BetFormErrors, type BetFormValues } from '../lib/bet-form';
import { loadBetChecks, usePreloadedBetChecks } from '../lib/bet-checks';
import { BetFormFields } from './bet-form-fields';

interface AddBetFieldsProps {
  /** Names the form (the card's or the dialog's title). */
  labelledBy?: string;
  /** Called after a bet is saved (the dialog closes). */
  onAdded?: () => void;
}

/**
 * The add-bet form: 'Adding...' while saving, reset after success to the sport, bet type and
 * stake of the bet just saved (remembered per signed-in user).
 */
const BET_DRAFT = 'bet:new';

export function AddBetFields({ labelledBy, onAdded }: AddBetFieldsProps) {
  const { user } = useSession();
  const userKey = user?.id ?? user?.email;
  // A bet being typed when the session ended comes back after signing in again.
  const [values, setValues] = useState<BetFormValues>(
    () => readDraft<BetFormValues>(userKey, BET_DRAFT) ?? betFormWithDefaults(today(), readBetDefaults(userKey)),
  );
  const [typed, setTyped] = useState(false);
  useDraft(BET_DRAFT, values, typed);
  const [errors, setErrors] = useState<BetFormErrors>({});
  const [addBet, { isLoading }] = useAddBetMutation();
  const { data: usage } = useGetBookUsageQuery();
  const books = useMemo(() => bookSuggestions(usage ?? []), [usage]);
  usePreloadedBetChecks();

  const onChange = <K extends keyof BetFormValues>(field: K, value: BetFormValues[K]) => {
    setTyped(true);
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    try {
      const { validateBetForm } = await loadBetChecks();
      const result = validateBetForm(values);
      if (!result.ok) {
        setErrors(result.errors);
        focusFirstInvalid(form);
        return;
      }
      await addBet(result.body).unwrap();
      toast({ title: 'Bet added successfully', description: 'Your bet has been recorded.' });
      const remembered = { sport: values.sport, betType: values.betType, stake: values.stake.trim() };
      rememberBetDefaults(userKey, remembered);
      setTyped(false);
      clearDraft(userKey, BET_DRAFT);
      setValues(betFormWithDefaults(today(), remembered));
      setErrors({});
      onAdded?.();
    } catch {
      toast({
        variant: 'destructive',
        title: 'Failed to add bet',
        description: 'An error occurred while adding your bet. Please try again.',
      });
    }
  };

  return (
    <FormStack onSubmit={onSubmit} noValidate aria-labelledby={labelledBy}>
      <BetFormFields values={values} errors={errors} onChange={onChange} betTypes={SINGLE_BET_TYPES} books={books} />
      <Button type="submit" disabled={isLoading}>
        {isLoading ? 'Adding...' : 'Add Bet'}
      </Button>
    </FormStack>
  );
}

/** The dashboard's 'Add New Bet' card. */
export function AddBetForm() {
  return (
    <Card aria-labelledby="add-bet-title">
      <CardHeader>
        <CardTitle id="add-bet-title">Add New Bet</CardTitle>
      </CardHeader>
      <CardContent>
        <AddBetFields labelledBy="add-bet-title" />
      </CardContent>
    </Card>
  );
}
