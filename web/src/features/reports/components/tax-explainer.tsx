import type { TaxRule } from '@bt/contracts';
import styled from 'styled-components';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/card';

const Terms = styled.dl`
  margin: 0;
  display: grid;
  gap: 12px;
  dt {
    font-weight: 650;
  }
  dd {
    margin: 2px 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** How each figure of the page is worked out, in the words of the rules (docs/product.md, "Tax year"). */
export function TaxExplainer({ rule }: { rule: TaxRule }) {
  return (
    <Card aria-labelledby="tax-explainer-title">
      <CardHeader>
        <CardTitle id="tax-explainer-title">How these figures are worked out</CardTitle>
      </CardHeader>
      <CardContent>
        <Terms>
          <div>
            <dt>The year of a wager</dt>
            <dd>
              A bet or a parlay (one wager, however many legs) belongs to the year of its date. Pending wagers are left out until they
              settle.
            </dd>
          </div>
          <div>
            <dt>Winnings</dt>
            <dd>
              A win counts its profit: what it paid less its stake (a bonus bet pays only its winnings). A cash-out for more than its stake
              counts the amount less the stake.
            </dd>
          </div>
          <div>
            <dt>Losses</dt>
            <dd>
              A loss counts the stake lost; a cash-out for less than its stake counts the stake less the amount. A lost bonus bet counts 0:
              its stake was never your money.
            </dd>
          </div>
          <div>
            <dt>Pushes and voids</dt>
            <dd>The stake came back: they count as neither winnings nor losses.</dd>
          </div>
          <div>
            <dt>Net result</dt>
            <dd>Winnings less losses.</dd>
          </div>
          <div>
            <dt>Deductible losses</dt>
            <dd>
              {rule.lossPercent === 90
                ? 'The smaller of 90% of the year’s losses (rounded down to the cent) and its winnings.'
                : 'The smaller of the year’s losses and its winnings.'}
            </dd>
          </div>
        </Terms>
      </CardContent>
    </Card>
  );
}
