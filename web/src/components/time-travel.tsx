import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { AsOfReading } from '@bt/contracts';
import { READINGS, type TimeTravel } from '../lib/as-of';
import { formatDate } from '../lib/format';
import { Button } from './button';
import { Field, Input, Select } from './field';

const DateField = styled(Field)`
  width: 180px;
  max-width: 100%;
`;

const ReadingField = styled(Field)`
  width: 270px;
  max-width: 100%;
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: flex-end;
`;

/** How long the day must stay as typed before the page replays it (typing a date digit by digit passes valid days). */
const SETTLE_MS = 400;

/** The page's "As of" day (default today; no later than today) and which record of it to show. */
export function AsOfControl({ travel }: { travel: TimeTravel }) {
  return (
    <Controls>
      <AsOfDay travel={travel} />
      <ReadingField label="Showing">
        {(props) => (
          <Select {...props} value={travel.reading} onChange={(e) => travel.chooseReading(e.target.value as AsOfReading)}>
            {READINGS.map((reading) => (
              <option key={reading.value} value={reading.value}>
                {reading.label}
              </option>
            ))}
          </Select>
        )}
      </ReadingField>
    </Controls>
  );
}

function AsOfDay({ travel }: { travel: TimeTravel }) {
  const [refused, setRefused] = useState<string>();
  // The day as typed, until it settles into the URL (each day shown in the past is a replay on the server).
  const [draft, setDraft] = useState<string>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The day changed by other means ("Back to today", a link, back): a day typed before it is dropped, not replayed after it.
  useEffect(() => {
    clearTimeout(timer.current);
    setDraft(undefined);
  }, [travel.asOf]);
  return (
    <DateField label="As of" error={refused}>
      {(props) => (
        <Input
          {...props}
          type="date"
          max={travel.today}
          value={draft ?? travel.asOf ?? travel.today}
          onChange={(e) => {
            const day = e.target.value;
            clearTimeout(timer.current);
            if (day > travel.today) {
              setDraft(undefined);
              setRefused('Choose a day up to today.');
              return;
            }
            setRefused(undefined);
            setDraft(day);
            timer.current = setTimeout(() => {
              setDraft(undefined);
              travel.choose(day === '' ? travel.today : day);
            }, SETTLE_MS);
          }}
        />
      )}
    </DateField>
  );
}

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.warningSurface};
  color: ${({ theme }) => theme.colors.warning};
  font-weight: 600;
`;

const Said = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
`;

const Detail = styled.span`
  font-weight: 400;
`;

/** What each reading leaves out, so a missing bet has a reason on screen. */
const READING_NOTES: Record<AsOfReading, string> = {
  recorded: 'As recorded by the end of that day: bets added later, even if dated earlier, are not included.',
  dated: 'Bets dated up to that day, as recorded now; deposits and withdrawals made by then.',
};

/** Says which day the page shows while it is not today, with the way back; or why a URL's day was not used. */
export function AsOfBanner({ travel }: { travel: TimeTravel }) {
  return (
    <div role="status" aria-live="polite">
      {travel.asOf !== undefined ? (
        <Bar>
          <Said>
            <span>Viewing your record as of {formatDate(travel.asOf)}</span>
            <Detail>{READING_NOTES[travel.reading]} Viewing the past: return to today to make changes.</Detail>
          </Said>
          <Button variant="outline" size="sm" onClick={travel.backToToday}>
            Back to today
          </Button>
        </Bar>
      ) : travel.refused !== undefined ? (
        <Bar>
          <span>{travel.refused}</span>
        </Bar>
      ) : null}
    </div>
  );
}

const Fieldset = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
  display: contents;
`;

/**
 * Disables every control inside while `readOnly` (viewing the past: nothing can be written to a
 * day gone by). A disabled fieldset disables its buttons and fields natively.
 */
export function WritingControls({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  return (
    <Fieldset disabled={readOnly} title={readOnly ? 'Viewing the past: return to today to make changes' : undefined}>
      {children}
    </Fieldset>
  );
}
