import { OUTCOMES, SPORTS, type HistoryFilters } from '@bt/contracts';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { Field, Input, Select } from '../../../components/field';
import { ChevronDownIcon, SearchIcon } from '../../../components/icons';
import { OUTCOME_LABELS, SPORT_LABELS } from '../../../lib/labels';
import { activeFilterCount } from '../lib/history';

/* Phones (below 768 px): the search box and a 'Filters' button that unfolds the six selects (one
   column: two columns at 375 px clip 'All Outcomes' and 'Last 30 days'). From 768 px every filter
   shows: search on its own row, then three columns; one row of six from 1024 px. */
const Grid = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
  @media (min-width: 768px) {
    display: grid;
    grid-template-columns: repeat(3, minmax(0, 1fr));
    > :first-child > :first-child {
      grid-column: 1 / -1;
    }
  }
  @media (min-width: 1024px) {
    grid-template-columns: repeat(6, minmax(0, 1fr));
    align-items: end;
  }
`;

const SearchRow = styled.div`
  display: flex;
  align-items: flex-end;
  gap: 8px;
  > :first-child {
    flex: 1;
    min-width: 0;
  }
  @media (min-width: 768px) {
    display: contents;
  }
`;

const FiltersButton = styled(Button)`
  svg {
    transition: transform 0.15s;
  }
  &[aria-expanded='true'] svg {
    transform: rotate(180deg);
  }
  @media (min-width: 768px) {
    display: none;
  }
`;

const Folded = styled.div<{ $open: boolean }>`
  display: ${({ $open }) => ($open ? 'grid' : 'none')};
  gap: 12px;
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: 768px) {
    display: contents;
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
  /** The filter that changed (merged by the caller into the filters as they are by then). */
  onChange: (change: Partial<HistoryFilters>) => void;
  /** The books and tags of the bettor's rows. */
  choices: { books: readonly string[]; tags: readonly string[] };
}

/** The choices, with the chosen one kept even when no row has it (a link or an old bookmark). */
const withChosen = (names: readonly string[], chosen: string) =>
  chosen === 'all' || names.some((name) => name.toLowerCase() === chosen.toLowerCase()) ? names : [...names, chosen];

export function HistoryFiltersBar({ filters, onChange, choices }: HistoryFiltersProps) {
  const [open, setOpen] = useState(false);
  const foldedId = useId();
  const active = activeFilterCount(filters);
  const set = <K extends keyof HistoryFilters>(key: K, value: HistoryFilters[K]) => onChange({ [key]: value });
  return (
    <Grid role="search" aria-label="Filter bets">
      <SearchRow>
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
        <FiltersButton variant="outline" aria-expanded={open} aria-controls={foldedId} onClick={() => setOpen((o) => !o)}>
          {active > 0 ? `Filters (${active})` : 'Filters'}
          <ChevronDownIcon size={16} />
        </FiltersButton>
      </SearchRow>
      <Folded id={foldedId} $open={open}>
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
        <Field label="Book">
          {(props) => (
            <Select {...props} value={filters.book} onChange={(e) => set('book', e.target.value)}>
              <option value="all">All Books</option>
              {withChosen(choices.books, filters.book).map((book) => (
                <option key={book} value={book}>
                  {book}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Tag">
          {(props) => (
            <Select {...props} value={filters.tag} onChange={(e) => set('tag', e.target.value)}>
              <option value="all">All Tags</option>
              {withChosen(choices.tags, filters.tag).map((tag) => (
                <option key={tag} value={tag}>
                  {tag}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </Folded>
    </Grid>
  );
}
