import { type BetType, inUnits, OUTCOMES, SPORTS } from '@bt/contracts';
import styled from 'styled-components';
import { BookInput, Checkbox, Field, FieldGrid, Input, Select, Textarea } from '../../../components/field';
import { formatMoney } from '../../../lib/format';
import { BET_TYPE_LABELS, OUTCOME_LABELS, SPORT_LABELS } from '../../../lib/labels';
import { formatUnits, ODDS_PLACEHOLDERS, usePreferences } from '../../../lib/preferences';
import { StartsAtField } from '../../../components/starts-at-field';
import { toWinPreview, type BetFormErrors, type BetFormValues } from '../lib/bet-form';

const ToWin = styled.p`
  margin-top: -4px;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
  strong {
    color: ${({ theme }) => theme.colors.text};
    font-variant-numeric: tabular-nums;
  }
`;

interface BetFormFieldsProps {
  values: BetFormValues;
  errors: BetFormErrors;
  onChange: <K extends keyof BetFormValues>(field: K, value: BetFormValues[K]) => void;
  betTypes: readonly BetType[];
  /** Books to suggest: the bettor's own (most used first), then common ones. */
  books: readonly string[];
}

/** What a win would pay at the odds and stake as typed (contracts' pricing), live; in units too when a unit size is set. */
function ToWinPreview({ odds, stake, unitSize }: Pick<BetFormValues, 'odds' | 'stake'> & { unitSize: number | null }) {
  const toWin = toWinPreview({ odds, stake });
  const units = toWin === null ? null : inUnits(toWin, unitSize);
  return (
    <ToWin aria-live="polite" data-to-win>
      {toWin === null ? (
        'To win: enter odds and stake'
      ) : (
        <>
          To win: <strong>{formatMoney(toWin)}</strong>
          {units !== null && ` · ${formatUnits(units)}`}
        </>
      )}
    </ToWin>
  );
}

/** The fields of a single bet, shared by Add New Bet and Edit Bet. */
export function BetFormFields({ values, errors, onChange, betTypes, books }: BetFormFieldsProps) {
  const { oddsFormat, unitSize } = usePreferences();
  return (
    <>
      <FieldGrid>
        <Field label="Sport" error={errors.sport} required>
          {(props) => (
            <Select {...props} value={values.sport} onChange={(e) => onChange('sport', e.target.value as BetFormValues['sport'])}>
              <option value="">Select sport</option>
              {SPORTS.map((sport) => (
                <option key={sport} value={sport}>
                  {SPORT_LABELS[sport]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Bet Type" error={errors.betType} hint="A parlay is added on the Parlays page, with its legs." required>
          {(props) => (
            <Select {...props} value={values.betType} onChange={(e) => onChange('betType', e.target.value as BetFormValues['betType'])}>
              <option value="">Select type</option>
              {betTypes.map((type) => (
                <option key={type} value={type}>
                  {BET_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </FieldGrid>
      <Field label="Event" error={errors.event} required>
        {(props) => (
          <Input
            {...props}
            placeholder="e.g., Lakers vs Warriors"
            value={values.event}
            onChange={(e) => onChange('event', e.target.value)}
            autoComplete="off"
          />
        )}
      </Field>
      <FieldGrid>
        <Field label="Odds" error={errors.odds} required>
          {(props) => (
            <Input
              {...props}
              placeholder={ODDS_PLACEHOLDERS[oddsFormat]}
              /* Not numeric or decimal: the iPhone's keypads for those have no minus sign. */
              type="text"
              inputMode="text"
              value={values.odds}
              onChange={(e) => onChange('odds', e.target.value)}
              autoComplete="off"
            />
          )}
        </Field>
        <Field label="Stake ($)" error={errors.stake} required>
          {(props) => (
            <Input
              {...props}
              type="number"
              inputMode="decimal"
              min="0"
              step="0.01"
              placeholder="0.00"
              value={values.stake}
              onChange={(e) => onChange('stake', e.target.value)}
            />
          )}
        </Field>
      </FieldGrid>
      <ToWinPreview odds={values.odds} stake={values.stake} unitSize={unitSize} />
      <FieldGrid>
        <Field label="Book" error={errors.book}>
          {(props) => <BookInput {...props} books={books} value={values.book} onChange={(e) => onChange('book', e.target.value)} />}
        </Field>
        <Field label="League" error={errors.league}>
          {(props) => (
            <Input
              {...props}
              placeholder="e.g., NBA"
              value={values.league}
              onChange={(e) => onChange('league', e.target.value)}
              autoComplete="off"
            />
          )}
        </Field>
      </FieldGrid>
      <Field label="Outcome" error={errors.outcome} required>
        {(props) => (
          <Select {...props} value={values.outcome} onChange={(e) => onChange('outcome', e.target.value as BetFormValues['outcome'])}>
            {OUTCOMES.map((outcome) => (
              <option key={outcome} value={outcome}>
                {OUTCOME_LABELS[outcome]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <FieldGrid>
        <Field label="Date" error={errors.date}>
          {(props) => <Input {...props} type="date" value={values.date} onChange={(e) => onChange('date', e.target.value)} />}
        </Field>
        <StartsAtField value={values.startsAt} error={errors.startsAt} onChange={(value) => onChange('startsAt', value)} />
      </FieldGrid>
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
              onChange={(e) => onChange('cashOutAmount', e.target.value)}
            />
          )}
        </Field>
      )}
      <FieldGrid>
        <Field label="Tags" error={errors.tags} hint="Separated by commas.">
          {(props) => (
            <Input
              {...props}
              placeholder="e.g., live, model"
              value={values.tags}
              onChange={(e) => onChange('tags', e.target.value)}
              autoComplete="off"
            />
          )}
        </Field>
        <Field label="Closing odds" error={errors.closingOdds} hint="The price when the market closed.">
          {(props) => (
            <Input
              {...props}
              placeholder={ODDS_PLACEHOLDERS[oddsFormat]}
              type="text"
              inputMode="text"
              value={values.closingOdds}
              onChange={(e) => onChange('closingOdds', e.target.value)}
              autoComplete="off"
            />
          )}
        </Field>
      </FieldGrid>
      <Checkbox
        label="Bonus bet"
        hint="A free bet: the stake was not your money."
        checked={values.bonusBet}
        onChange={(v) => onChange('bonusBet', v)}
      />
      <Field label="Notes" error={errors.notes}>
        {(props) => (
          <Textarea
            {...props}
            rows={3}
            placeholder="Any additional notes about this bet..."
            value={values.notes}
            onChange={(e) => onChange('notes', e.target.value)}
          />
        )}
      </Field>
    </>
  );
}
