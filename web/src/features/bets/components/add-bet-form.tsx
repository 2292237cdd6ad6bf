import { BET_TYPES } from '@bt/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/card';
import { FormStack } from '../../../components/field';
import { today } from '../../../lib/dates';
import { focusFirstInvalid } from '../../../lib/focus';
import { toast } from '../../../lib/toast';
import { useAddBetMutation } from '../api/bets-api';
import { emptyBetForm, validateBetForm, type BetFormErrors, type BetFormValues } from '../lib/bet-form';
import { BetFormFields } from './bet-form-fields';

/** The dashboard's 'Add New Bet' card: 'Adding...' while saving, reset after success. */
export function AddBetForm() {
  const [values, setValues] = useState<BetFormValues>(() => emptyBetForm(today()));
  const [errors, setErrors] = useState<BetFormErrors>({});
  const [addBet, { isLoading }] = useAddBetMutation();

  const onChange = <K extends keyof BetFormValues>(field: K, value: BetFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateBetForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(event.currentTarget);
      return;
    }
    try {
      await addBet(result.body).unwrap();
      toast({ title: 'Bet added successfully', description: 'Your bet has been recorded.' });
      setValues(emptyBetForm(today()));
      setErrors({});
    } catch {
      toast({
        variant: 'destructive',
        title: 'Failed to add bet',
        description: 'An error occurred while adding your bet. Please try again.',
      });
    }
  };

  return (
    <Card aria-labelledby="add-bet-title">
      <CardHeader>
        <CardTitle id="add-bet-title">Add New Bet</CardTitle>
      </CardHeader>
      <CardContent>
        <FormStack onSubmit={onSubmit} noValidate aria-labelledby="add-bet-title">
          <BetFormFields values={values} errors={errors} onChange={onChange} betTypes={BET_TYPES} />
          <Button type="submit" disabled={isLoading}>
            {isLoading ? 'Adding...' : 'Add Bet'}
          </Button>
        </FormStack>
      </CardContent>
    </Card>
  );
}
