import styled from 'styled-components';
import { formatProfit } from '../../../lib/format';
import { sportLabel } from '../../../lib/labels';
import type { SportProfit } from '../lib/sport-shares';
import { SportSwatch } from './sport-swatch';

const ROW_HEIGHT = 34;

/*
 * A diverging bar per sport: gains to the right of the zero line in green, losses to the left in
 * red, each row also naming the sport (in its own colour) and its profit as text.
 */
const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Row = styled.li`
  display: grid;
  grid-template-columns: minmax(72px, 7.5rem) minmax(60px, 1fr) auto;
  align-items: center;
  column-gap: 10px;
  min-height: ${ROW_HEIGHT}px;
  font-size: 0.9375rem;
`;

const Name = styled.span`
  display: flex;
  align-items: center;
  gap: 8px;
  min-width: 0;
  overflow-wrap: anywhere;
`;

const Track = styled.span`
  position: relative;
  align-self: stretch;
  /* The zero line: rows touch, so the lines of all rows join into one. */
  &::before {
    content: '';
    position: absolute;
    left: 50%;
    top: 0;
    bottom: 0;
    width: 1px;
    background: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Bar = styled.span<{ $loss: boolean }>`
  position: absolute;
  top: 8px;
  bottom: 8px;
  border-radius: 3px;
  background: ${({ theme, $loss }) => ($loss ? theme.colors.chartLoss : theme.colors.chartWin)};
`;

const Amount = styled.span<{ $tone: 'win' | 'loss' | 'even' }>`
  font-weight: 650;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
  text-align: right;
  color: ${({ theme, $tone }) => ($tone === 'win' ? theme.colors.win : $tone === 'loss' ? theme.colors.loss : theme.colors.textMuted)};
`;

/** Every sport's profit on one zero line, losses included. */
export function SportProfitBars({ profits }: { profits: readonly SportProfit[] }) {
  return (
    <List aria-label="Profit by sport">
      {profits.map((p) => {
        const loss = p.profit < 0;
        return (
          <Row key={p.sport}>
            <Name>
              <SportSwatch color={p.color} />
              <span>{sportLabel(p.sport)}</span>
            </Name>
            <Track aria-hidden="true">
              {p.extent > 0 && (
                <Bar
                  data-bar={loss ? 'loss' : 'win'}
                  $loss={loss}
                  style={loss ? { right: '50%', width: `${p.extent / 2}%` } : { left: '50%', width: `${p.extent / 2}%` }}
                />
              )}
            </Track>
            <Amount $tone={p.profit > 0 ? 'win' : loss ? 'loss' : 'even'}>{formatProfit(p.profit)}</Amount>
          </Row>
        );
      })}
    </List>
  );
}
