import { DEFAULTS, MESSAGES, OUTCOMES, type Parlay } from '@bt/contracts';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/card';
import { Field, FieldGrid, FormActions, FormStack, Input, Select, Textarea } from '../../../components/field';
import { CalculatorIcon, PlusIcon } from '../../../components/icons';
import { today } from '../../../lib/dates';
import { focusFirstInvalid } from '../../../lib/focus';
import { formatMoney } from '../../../lib/format';
import { OUTCOME_LABELS } from '../../../lib/labels';
import { toast } from '../../../lib/toast';
import { useCreateParlayMutation, useUpdateParlayMutation } from '../api/parlays-api';
import {
  emptyLeg,
  emptyParlayForm,
  formDate,
  parlayFormFrom,
  priceForm,
  toParlaySubmission,
  withDate,
  type ParlayFormValues,
} from '../lib/parlay-form';
import { LegFields } from './leg-fields';

const Legs = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
`;

const LegsHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: 8px;
  h3 {
    font-size: 1rem;
  }
`;

const Totals = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 12px;
  margin: 0;
  padding: 14px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  dt {
    font-size: 0.8125rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-size: 1.25rem;
    font-weight: 750;
    font-variant-numeric: tabular-nums;
  }
`;

interface ParlayBuilderProps {
  /** The parlay being edited; null to create one. */
  editing: Parlay | null;
  onSaved: () => void;
  onCancelEdit: () => void;
}

/** The builder form: create, or edit a saved parlay ('Update Parlay'). */
export function ParlayBuilder({ editing, onSaved, onCancelEdit }: ParlayBuilderProps) {
  const [values, setValues] = useState<ParlayFormValues>(() => (editing ? parlayFormFrom(editing) : emptyParlayForm(today())));
  const [badOdds, setBadOdds] = useState<number[]>([]);
  const [createParlay, { isLoading: creating }] = useCreateParlayMutation();
  const [updateParlay, { isLoading: updating }] = useUpdateParlayMutation();
  const busy = creating || updating;
  const price = priceForm(values);

  const set = <K extends keyof ParlayFormValues>(key: K, value: ParlayFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const onCalculate = () => {
    const { totalOdds, potentialProfit } = priceForm(values);
    toast({ title: 'Odds calculated', description: `Total odds ${totalOdds}, potential profit ${formatMoney(potentialProfit)}.` });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    let submission: ReturnType<typeof toParlaySubmission>;
    try {
      submission = toParlaySubmission(values);
    } catch {
      toast({
        variant: 'destructive',
        title: 'Error with parlay',
        description: 'There was an error submitting the form. Please try again.',
      });
      return;
    }
    if (!submission.ok) {
      if (submission.reason === 'incomplete') {
        toast({ variant: 'destructive', title: 'Incomplete parlay', description: MESSAGES.parlayIncomplete });
      } else {
        setBadOdds(submission.legIndexes);
        focusFirstInvalid(form);
        toast({ variant: 'destructive', title: 'Validation Error', description: MESSAGES.oddsFormat });
      }
      return;
    }
    setBadOdds([]);
    if (editing) {
      try {
        // Without a chosen date, the parlay's date follows its legs (null: even one chosen before).
        await updateParlay({ id: editing.id, body: { ...submission.body, date: submission.body.date ?? null } }).unwrap();
        toast({ title: 'Parlay updated successfully' });
        onSaved();
      } catch {
        toast({
          variant: 'destructive',
          title: 'Failed to update parlay',
          description: 'An error occurred while updating your parlay. Please try again.',
        });
      }
    } else {
      try {
        await createParlay(submission.body).unwrap();
        toast({ title: 'Parlay added successfully' });
        onSaved();
      } catch {
        toast({
          variant: 'destructive',
          title: 'Failed to add parlay',
          description: 'An error occurred while adding your parlay. Please try again.',
        });
      }
    }
  };

  const canRemove = values.legs.length > DEFAULTS.minParlayLegs;

  return (
    <Card aria-labelledby="builder-title">
      <CardHeader>
        <CardTitle id="builder-title">{editing ? `Editing: ${editing.name}` : 'New Parlay'}</CardTitle>
      </CardHeader>
      <CardContent>
        <FormStack onSubmit={onSubmit} noValidate aria-labelledby="builder-title">
          <FieldGrid $columns={2}>
            <Field label="Parlay Name">
              {(props) => (
                <Input
                  {...props}
                  placeholder="e.g., Sunday NFL Parlay"
                  value={values.name}
                  onChange={(e) => set('name', e.target.value)}
                  autoComplete="off"
                />
              )}
            </Field>
            <Field label="Stake Amount ($)">
              {(props) => (
                <Input
                  {...props}
                  type="number"
                  inputMode="decimal"
                  min="0"
                  step="0.01"
                  value={values.stake}
                  onChange={(e) => set('stake', e.target.value)}
                />
              )}
            </Field>
            <Field label="Parlay Outcome" hint="Set from the legs once none is pending.">
              {(props) => (
                <Select {...props} value={values.outcome} onChange={(e) => set('outcome', e.target.value as ParlayFormValues['outcome'])}>
                  {OUTCOMES.map((outcome) => (
                    <option key={outcome} value={outcome}>
                      {OUTCOME_LABELS[outcome]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Parlay Date" hint={values.dateSet ? 'The date you chose.' : 'The latest leg’s date, until you change it.'}>
              {(props) => (
                <Input
                  {...props}
                  type="date"
                  value={formDate(values, today())}
                  onChange={(e) => setValues((v) => withDate(v, e.target.value))}
                />
              )}
            </Field>
          </FieldGrid>

          <Legs>
            <LegsHeader>
              <h3>Legs ({values.legs.length})</h3>
            </LegsHeader>
            {values.legs.map((leg, index) => (
              <LegFields
                key={index}
                index={index}
                leg={leg}
                oddsInvalid={badOdds.includes(index)}
                canRemove={canRemove}
                onChange={(next) => {
                  set(
                    'legs',
                    values.legs.map((l, i) => (i === index ? next : l)),
                  );
                  if (badOdds.includes(index)) setBadOdds(badOdds.filter((i) => i !== index));
                }}
                onRemove={() => {
                  if (!canRemove) return;
                  set(
                    'legs',
                    values.legs.filter((_, i) => i !== index),
                  );
                  setBadOdds([]);
                }}
              />
            ))}
            <FormActions>
              <Button variant="outline" onClick={onCalculate}>
                <CalculatorIcon />
                Calculate Odds
              </Button>
              <Button variant="outline" onClick={() => set('legs', [...values.legs, emptyLeg(today())])}>
                <PlusIcon />
                Add Leg
              </Button>
            </FormActions>
          </Legs>

          <Totals aria-live="polite" aria-label="Parlay totals">
            <div>
              <dt>Total Odds</dt>
              <dd>{price.totalOdds}</dd>
            </div>
            <div>
              <dt>Potential Profit</dt>
              <dd>{formatMoney(price.potentialProfit)}</dd>
            </div>
          </Totals>

          <Field label="Notes">
            {(props) => (
              <Textarea
                {...props}
                rows={3}
                placeholder="Why you like this parlay..."
                value={values.notes}
                onChange={(e) => set('notes', e.target.value)}
              />
            )}
          </Field>

          <FormActions>
            {editing && (
              <Button variant="outline" onClick={onCancelEdit}>
                Cancel Edit
              </Button>
            )}
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving...' : editing ? 'Update Parlay' : 'Create Parlay'}
            </Button>
          </FormActions>
        </FormStack>
      </CardContent>
    </Card>
  );
}
