import styled from 'styled-components';
import { isApiError } from '../lib/api-error';
import { Button } from './button';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 8px;
  padding: 24px 8px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  strong {
    color: ${({ theme }) => theme.colors.text};
  }
`;

/** What went wrong, in words: no answer from the server, or the answer it gave. */
const reason = (error: unknown): string => {
  if (!isApiError(error)) return 'Something went wrong.';
  if (error.status === 'FETCH_ERROR') return 'The server could not be reached.';
  return error.serverMessage ?? error.message;
};

export interface QueryErrorProps {
  /** What failed to load, e.g. "your journal entries": the panel reads "Could not load your journal entries". */
  what: string;
  error: unknown;
  /** Refetches the failed read. */
  onRetry: () => void;
  /** True while the refetch is on its way. */
  retrying?: boolean;
}

/**
 * A read that failed, told apart from an empty record: what could not be loaded, why, and a
 * "Try again" button that refetches it.
 */
export function QueryError({ what, error, onRetry, retrying = false }: QueryErrorProps) {
  return (
    <Box role="alert">
      <strong>Could not load {what}</strong>
      <span>{reason(error)}</span>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Trying again...' : 'Try again'}
      </Button>
    </Box>
  );
}

/**
 * Which of loading, error or data a read's result is. Data already loaded wins over a later failed
 * refetch (the banner says the server is out of reach); an error stays shown while it is retried.
 */
export const queryView = (result: { data?: unknown; error?: unknown }): 'loading' | 'error' | 'ready' =>
  result.data !== undefined ? 'ready' : result.error !== undefined ? 'error' : 'loading';
