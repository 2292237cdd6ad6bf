import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Spinner = styled.span`
  width: 28px;
  height: 28px;
  border-radius: 50%;
  border: 3px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary};
  animation: ${spin} 0.8s linear infinite;
`;

const Box = styled.div<{ $full: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 12px;
  min-height: ${({ $full }) => ($full ? '100vh' : '240px')};
  flex: 1;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The 'Loading' indicator; full screen while the session is checked, inline while a page loads. */
export function Loading({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Box $full={fullScreen} role="status" aria-live="polite">
      <Spinner aria-hidden="true" />
      <span>Loading</span>
    </Box>
  );
}
