import { LEG_OUTCOMES, SPORTS } from '@bt/contracts';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { Field, Input, Select } from '../../../components/field';
import { TrashIcon } from '../../../components/icons';
import { StartsAtField } from '../../../components/starts-at-field';
import { OUTCOME_LABELS, SPORT_LABELS } from '../../../lib/labels';
import { ODDS_PLACEHOLDERS, usePreferences } from '../../../lib/preferences';
import type { LegValues } from '../lib/parlay-form';

const Fieldset = styled.fieldset`
  margin: 0;
  padding: 14px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  min-width: 0;
`;

const Legend = styled.legend`
  padding: 0 6px;
  font-weight: 700;
`;

const Grid = styled.div`
  display: grid;
  gap: 12px;
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: 640px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  @media (min-width: 1024px) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Remove = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: 10px;
`;

interface LegFieldsProps {
  index: number;
  leg: LegValues;
  /** Why the leg's odds were refused (the server's words), if they were. */
  oddsError?: string;
  canRemove: boolean;
  /** An imported parlay's leg that came without a price: its odds may stay blank ("No price"). */
  unpriced?: boolean;
  onChange: (leg: LegValues) => void;
  onRemove: () => void;
}

/** One leg of the builder: a group named 'Leg N' holding its eight fields. */
export function LegFields({ index, leg, oddsError, canRemove, unpriced = false, onChange, onRemove }: LegFieldsProps) {
  const { oddsFormat } = usePreferences();
  const set = <K extends keyof LegValues>(key: K, value: LegValues[K]) => onChange({ ...leg, [key]: value });
  const n = index + 1;
  return (
    <Fieldset>
      <Legend>Leg {n}</Legend>
      <Grid>
        <Field label="Sport">
          {(props) => (
            <Select {...props} value={leg.sport} onChange={(e) => set('sport', e.target.value as LegValues['sport'])}>
              <option value="">Select sport</option>
              {SPORTS.map((sport) => (
                <option key={sport} value={sport}>
                  {SPORT_LABELS[sport]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Event">
          {(props) => (
            <Input
              {...props}
              placeholder="e.g., Chiefs vs Bills"
              value={leg.event}
              onChange={(e) => set('event', e.target.value)}
              autoComplete="off"
            />
          )}
        </Field>
        <Field label="Selection">
          {(props) => (
            <Input
              {...props}
              placeholder="e.g., Chiefs -3.5"
              value={leg.selection}
              onChange={(e) => set('selection', e.target.value)}
              autoComplete="off"
            />
          )}
        </Field>
        <Field label="Odds" error={oddsError}>
          {(props) => (
            <Input
              {...props}
              placeholder={unpriced ? 'No price' : ODDS_PLACEHOLDERS[oddsFormat]}
              /* Not numeric or decimal: the iPhone's keypads for those have no minus sign. */
              type="text"
              inputMode="text"
              value={leg.odds}
              onChange={(e) => set('odds', e.target.value)}
              autoComplete="off"
            />
          )}
        </Field>
        <Field label="Date">
          {(props) => <Input {...props} type="date" value={leg.date} onChange={(e) => set('date', e.target.value)} />}
        </Field>
        <StartsAtField value={leg.startsAt} onChange={(value) => set('startsAt', value)} />
        <Field label="Outcome">
          {(props) => (
            <Select {...props} value={leg.outcome} onChange={(e) => set('outcome', e.target.value as LegValues['outcome'])}>
              {LEG_OUTCOMES.map((outcome) => (
                <option key={outcome} value={outcome}>
                  {OUTCOME_LABELS[outcome]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="League">
          {(props) => (
            <Input
              {...props}
              placeholder="e.g., NFL"
              value={leg.league}
              onChange={(e) => set('league', e.target.value)}
              autoComplete="off"
            />
          )}
        </Field>
        <Field label="Closing odds">
          {(props) => (
            <Input
              {...props}
              placeholder={ODDS_PLACEHOLDERS[oddsFormat]}
              type="text"
              inputMode="text"
              value={leg.closingOdds}
              onChange={(e) => set('closingOdds', e.target.value)}
              autoComplete="off"
            />
          )}
        </Field>
      </Grid>
      <Remove>
        <Button variant="ghost" size="sm" onClick={onRemove} disabled={!canRemove} aria-label={`Remove leg ${n}`}>
          <TrashIcon size={16} />
          Remove
        </Button>
      </Remove>
    </Fieldset>
  );
}
