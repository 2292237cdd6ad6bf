import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { startReachabilityProbe, useServerUnreachable, useWaitingWrites } from '../lib/connectivity';
import { useToastHost } from '../lib/toast';

const Bar = styled.div`
  padding: 8px 16px;
  text-align: center;
  font-size: 0.875rem;
  font-weight: 600;
  background: ${({ theme }) => theme.colors.warningSurface};
  color: ${({ theme }) => theme.colors.warning};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

/** The same words over an open dialog (the page behind a modal is under its backdrop). */
const OverDialog = styled(Bar)`
  position: fixed;
  z-index: 110;
  top: 0;
  left: 0;
  right: 0;
`;

const waitingText = (writes: number) =>
  writes === 0 ? '' : ` ${writes} ${writes === 1 ? 'change waits' : 'changes wait'} to be sent; keep this page open.`;

/**
 * Says, politely, when the server cannot be reached, and how many changes wait to be sent; gone as
 * soon as it answers. The live region is always in the page so screen readers announce the change;
 * over an open dialog a copy shows on top (hidden from screen readers: the region says it once).
 * An idle page learns of an outage from the probe it starts.
 */
export function ServerBanner() {
  const unreachable = useServerUnreachable();
  const waiting = useWaitingWrites();
  const dialog = useToastHost();
  useEffect(() => startReachabilityProbe(), []);
  const text = `Can't reach the server. Your data is safe; we'll retry.${waitingText(waiting)}`;
  return (
    <>
      <div role="status" aria-live="polite">
        {unreachable && <Bar>{text}</Bar>}
      </div>
      {unreachable && dialog && createPortal(<OverDialog aria-hidden="true">{text}</OverDialog>, dialog)}
    </>
  );
}
