import { DEFAULTS, inUnits, MESSAGES, OUTCOMES, type Parlay } from '@bt/contracts';
import { useMemo, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/card';
import { BookInput, Checkbox, Field, FieldGrid, FormActions, FormStack, Input, Select, Textarea } from '../../../components/field';
import { CalculatorIcon, PlusIcon } from '../../../components/icons';
import { today } from '../../../lib/dates';
import { focusFirstInvalid } from '../../../lib/focus';
import { formatMoney } from '../../../lib/format';
import { bookSuggestions } from '../../../lib/books';
import { OUTCOME_LABELS } from '../../../lib/labels';
import { moneyWithUnits, showOdds, usePreferences } from '../../../lib/preferences';
import { toast } from '../../../lib/toast';
import { useCreateParlayMutation, useGetParlaysQuery, useUpdateParlayMutation } from '../api/parlays-api';
import {
  emptyLeg,
  emptyParlayForm,
  formDate,
  formOutcome,
  hasPricedLegs,
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
  const { oddsFormat, unitSize } = usePreferences();
  const [values, setValues] = useState<ParlayFormValues>(() => (editing ? parlayFormFrom(editing, oddsFormat) : emptyParlayForm(today())));
  /** Legs whose odds were refused, with the server's words. */
  const [badOdds, setBadOdds] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Partial<Record<'book' | 'tags' | 'cashOutAmount', string>>>({});
  const { data: parlays } = useGetParlaysQuery();
  const books = useMemo(() => bookSuggestions(parlays ?? []), [parlays]);
  const [createParlay, { isLoading: creating }] = useCreateParlayMutation();
  const [updateParlay, { isLoading: updating }] = useUpdateParlayMutation();
  const busy = creating || updating;
  const price = priceForm(values);
  const priced = hasPricedLegs(values);

  const set = <K extends keyof ParlayFormValues>(key: K, value: ParlayFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const totalOdds = (p: { totalOdds: string; decimalOdds: number }) =>
    showOdds({ american: p.totalOdds, decimal: p.decimalOdds }, oddsFormat);

  const onCalculate = () => {
    const priced = priceForm(values);
    toast({
      title: 'Odds calculated',
      description: `Total odds ${totalOdds(priced)}, potential profit ${formatMoney(priced.potentialProfit)}.`,
    });
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
      } else if (submission.reason === 'odds') {
        setBadOdds(Object.fromEntries(submission.legIndexes.map((i) => [i, submission.message])));
        focusFirstInvalid(form);
        toast({ variant: 'destructive', title: 'Validation Error', description: submission.message });
      } else {
        setErrors(submission.errors);
        focusFirstInvalid(form);
        toast({ variant: 'destructive', title: 'Validation Error', description: submission.message });
      }
      return;
    }
    setBadOdds({});
    setErrors({});
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
                <Select
                  {...props}
                  value={formOutcome(values)}
                  onChange={(e) => set('outcome', e.target.value as ParlayFormValues['outcome'])}
                >
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
            <Field label="Book" error={errors.book}>
              {(props) => <BookInput {...props} books={books} value={values.book} onChange={(e) => set('book', e.target.value)} />}
            </Field>
            <Field label="Tags" error={errors.tags} hint="Separated by commas.">
              {(props) => (
                <Input
                  {...props}
                  placeholder="e.g., same game, long shot"
                  value={values.tags}
                  onChange={(e) => set('tags', e.target.value)}
                  autoComplete="off"
                />
              )}
            </Field>
            {values.outcome === 'cashout' && (
              <Field label="Cash-out amount ($)" error={errors.cashOutAmount} hint="What the book paid you back." required>
                {(props) => (
                  <Input
                    {...props}
                    type="number"
                    inputMode="decimal"
                    min="0"
                    step="0.01"
                    placeholder="0.00"
                    value={values.cashOutAmount}
                    onChange={(e) => set('cashOutAmount', e.target.value)}
                  />
                )}
              </Field>
            )}
            <Checkbox
              label="Bonus bet"
              hint="A free bet: the stake was not your money."
              checked={values.bonusBet}
              onChange={(checked) => set('bonusBet', checked)}
            />
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
                oddsError={badOdds[index]}
                canRemove={canRemove}
                unpriced={Boolean(values.totalOdds) && leg.odds.trim() === ''}
                onChange={(next) => {
                  set(
                    'legs',
                    values.legs.map((l, i) => (i === index ? next : l)),
                  );
                  if (badOdds[index]) setBadOdds(({ [index]: _, ...rest }) => rest);
                }}
                onRemove={() => {
                  if (!canRemove) return;
                  set(
                    'legs',
                    values.legs.filter((_, i) => i !== index),
                  );
                  setBadOdds({});
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
              <dd>{priced ? totalOdds(price) : '—'}</dd>
            </div>
            <div>
              <dt>Potential Profit</dt>
              <dd>{priced ? moneyWithUnits(price.potentialProfit, inUnits(price.potentialProfit, unitSize)) : '—'}</dd>
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
