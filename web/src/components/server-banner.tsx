import styled from 'styled-components';
import { useServerUnreachable } from '../lib/connectivity';

const Bar = styled.div`
  padding: 8px 16px;
  text-align: center;
  font-size: 0.875rem;
  font-weight: 600;
  background: ${({ theme }) => theme.colors.warningSurface};
  color: ${({ theme }) => theme.colors.warning};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

/**
 * Says, politely, when the server cannot be reached; gone as soon as a request gets an answer.
 * The live region is always in the page so screen readers announce the change.
 */
export function ServerBanner() {
  const unreachable = useServerUnreachable();
  return (
    <div role="status" aria-live="polite">
      {unreachable && <Bar>Can&apos;t reach the server. Your data is safe; we&apos;ll retry.</Bar>}
    </div>
  );
}
