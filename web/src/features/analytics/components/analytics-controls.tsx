import { ANALYTICS_DIMENSIONS, type AnalyticsDimension, MESSAGES } from '@bt/contracts';
import styled from 'styled-components';
import { Field, Input, Select } from '../../../components/field';
import {
  type AnalyticsView,
  DIMENSION_LABELS,
  PERIOD_LABELS,
  type PeriodChoice,
  rangeIsBackwards,
  withDimension,
} from '../lib/analytics-view';

/* One column on phones; a row from 768 px (the dates join it when the range is custom). */
const Grid = styled.div`
  display: grid;
  gap: 12px;
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: 640px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  @media (min-width: 1024px) {
    grid-template-columns: repeat(4, minmax(0, 1fr));
    align-items: start;
  }
`;

interface AnalyticsControlsProps {
  view: AnalyticsView;
  onChange: (view: AnalyticsView) => void;
}

/** The period (a preset or a from-to range) and the dimension the table breaks down by. */
export function AnalyticsControls({ view, onChange }: AnalyticsControlsProps) {
  const backwards = rangeIsBackwards(view);
  return (
    <Grid role="group" aria-label="Analytics options">
      <Field label="Period">
        {(props) => (
          <Select
            {...props}
            value={view.period}
            onChange={(e) => {
              const period = e.target.value as PeriodChoice;
              onChange({ ...view, period, from: period === 'custom' ? view.from : '', to: period === 'custom' ? view.to : '' });
            }}
          >
            {(Object.keys(PERIOD_LABELS) as PeriodChoice[]).map((period) => (
              <option key={period} value={period}>
                {PERIOD_LABELS[period]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {view.period === 'custom' && (
        <>
          <Field label="From" error={backwards ? MESSAGES.analyticsRange : undefined}>
            {(props) => (
              <Input
                {...props}
                type="date"
                value={view.from}
                max={view.to || undefined}
                onChange={(e) => onChange({ ...view, from: e.target.value })}
              />
            )}
          </Field>
          <Field label="To">
            {(props) => (
              <Input
                {...props}
                type="date"
                value={view.to}
                min={view.from || undefined}
                onChange={(e) => onChange({ ...view, to: e.target.value })}
              />
            )}
          </Field>
        </>
      )}
      <Field label="Break down by">
        {(props) => (
          <Select {...props} value={view.by} onChange={(e) => onChange(withDimension(view, e.target.value as AnalyticsDimension))}>
            {ANALYTICS_DIMENSIONS.map((by) => (
              <option key={by} value={by}>
                {DIMENSION_LABELS[by]}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </Grid>
  );
}
