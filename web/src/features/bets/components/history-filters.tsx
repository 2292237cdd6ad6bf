import { OUTCOMES, SPORTS } from '@bt/contracts';
import styled from 'styled-components';
import { Field, Input, Select } from '../../../components/field';
import { SearchIcon } from '../../../components/icons';
import { OUTCOME_LABELS, SPORT_LABELS } from '../../../lib/labels';
import type { HistoryFilters } from '../lib/history';

/* One column on narrow phones: two columns of selects at 375 px clip 'All Outcomes' and 'Last 30 days'. */
const Grid = styled.div`
  display: grid;
  gap: 12px;
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: 480px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    > :first-child {
      grid-column: 1 / -1;
    }
  }
  @media (min-width: 1024px) {
    grid-template-columns: minmax(0, 2fr) repeat(4, minmax(0, 1fr));
    align-items: end;
    > :first-child {
      grid-column: auto;
    }
  }
`;

const SearchBox = styled.div`
  position: relative;
  svg {
    position: absolute;
    left: 12px;
    top: 50%;
    transform: translateY(-50%);
    color: ${({ theme }) => theme.colors.textMuted};
    pointer-events: none;
  }
  input {
    padding-left: 38px;
  }
`;

interface HistoryFiltersProps {
  filters: HistoryFilters;
  onChange: (filters: HistoryFilters) => void;
}

export function HistoryFiltersBar({ filters, onChange }: HistoryFiltersProps) {
  const set = <K extends keyof HistoryFilters>(key: K, value: HistoryFilters[K]) => onChange({ ...filters, [key]: value });
  return (
    <Grid role="search" aria-label="Filter bets">
      <Field label="Search">
        {(props) => (
          <SearchBox>
            <SearchIcon />
            <Input
              {...props}
              type="search"
              placeholder="Search bets..."
              aria-label="Search bets"
              value={filters.search}
              onChange={(e) => set('search', e.target.value)}
            />
          </SearchBox>
        )}
      </Field>
      <Field label="Sport">
        {(props) => (
          <Select {...props} value={filters.sport} onChange={(e) => set('sport', e.target.value as HistoryFilters['sport'])}>
            <option value="all">All Sports</option>
            {SPORTS.map((sport) => (
              <option key={sport} value={sport}>
                {SPORT_LABELS[sport]}
              </option>
            ))}
            <option value="parlay">Parlay</option>
          </Select>
        )}
      </Field>
      <Field label="Type">
        {(props) => (
          <Select {...props} value={filters.type} onChange={(e) => set('type', e.target.value as HistoryFilters['type'])}>
            <option value="all">All Types</option>
            <option value="bet">Single Bets</option>
            <option value="parlay">Parlays</option>
          </Select>
        )}
      </Field>
      <Field label="Outcome">
        {(props) => (
          <Select {...props} value={filters.outcome} onChange={(e) => set('outcome', e.target.value as HistoryFilters['outcome'])}>
            <option value="all">All Outcomes</option>
            {OUTCOMES.map((outcome) => (
              <option key={outcome} value={outcome}>
                {OUTCOME_LABELS[outcome]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Period">
        {(props) => (
          <Select {...props} value={filters.period} onChange={(e) => set('period', e.target.value as HistoryFilters['period'])}>
            <option value="30">Last 30 days</option>
            <option value="90">Last 90 days</option>
            <option value="365">Last 365 days</option>
            <option value="all">All time</option>
          </Select>
        )}
      </Field>
    </Grid>
  );
}
