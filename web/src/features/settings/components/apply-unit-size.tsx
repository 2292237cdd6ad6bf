import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { serverMessageOr } from '../../../lib/api-error';
import { formatUnitSize } from '../../../lib/preferences';
import { toast } from '../../../lib/toast';
import { useApplyUnitSizeMutation, useGetUnitSizeCoverageQuery } from '../api/settings-api';

const Section = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 8px;
  margin-top: 24px;
  p {
    margin: 0;
    font-size: 0.875rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * "Apply my unit size to earlier bets": the bets and parlays placed before a unit size was set (or
 * while there was none) take the one saved now. Asked first; recorded on each bet (its change
 * history says so), never a silent rewrite.
 */
export function ApplyUnitSize() {
  const { data } = useGetUnitSizeCoverageQuery();
  const [asking, setAsking] = useState(false);
  const [apply, { isLoading }] = useApplyUnitSizeMutation();
  if (!data) return null;
  const earlier = data.bets + data.parlays;
  const size = data.unitSize === null ? null : formatUnitSize(data.unitSize);

  const onConfirm = async () => {
    try {
      const covered = await apply().unwrap();
      setAsking(false);
      const count = covered.bets + covered.parlays;
      toast({ title: 'Unit size applied', description: `${size} unit size applied to ${plural(count, 'earlier bet')}.` });
    } catch (cause) {
      setAsking(false);
      toast({ variant: 'destructive', title: 'Error', description: serverMessageOr(cause, 'Failed to apply the unit size') });
    }
  };

  return (
    <Section>
      {size === null ? (
        <p>Set a unit size to count earlier bets in units too.</p>
      ) : earlier === 0 ? (
        <p>Every bet has a unit size.</p>
      ) : (
        <>
          <p>
            {plural(earlier, 'earlier bet')} {earlier === 1 ? 'has' : 'have'} no unit size, so unit totals leave{' '}
            {earlier === 1 ? 'it' : 'them'} out.
          </p>
          <Button variant="outline" onClick={() => setAsking(true)} disabled={isLoading}>
            Apply {size} unit size to {plural(earlier, 'earlier bet')}
          </Button>
        </>
      )}
      <ConfirmDialog
        open={asking}
        title={`Apply ${size ?? ''} unit size to earlier bets?`}
        message={`${plural(earlier, 'bet')} placed without a unit size will count in units of ${size ?? ''}. This is recorded, and each bet's change history shows it.`}
        confirmLabel="Apply unit size"
        busyLabel="Applying..."
        busy={isLoading}
        onConfirm={() => void onConfirm()}
        onCancel={() => setAsking(false)}
      />
    </Section>
  );
}
