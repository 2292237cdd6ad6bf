import styled, { keyframes } from 'styled-components';

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.5; }
`;

/** A grey placeholder block while data loads (hidden from assistive tech; the container is aria-busy). */
export const Skeleton = styled.div.attrs({ 'aria-hidden': true })<{ $height?: string; $width?: string }>`
  height: ${({ $height = '16px' }) => $height};
  width: ${({ $width = '100%' }) => $width};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.skeleton};
  animation: ${pulse} 1.6s ease-in-out infinite;
`;
