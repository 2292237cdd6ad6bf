import { startTransition, useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';

/** Holds the space the content will take, so what is below it (the footer) is not moved on screen. */
const Placeholder = styled.div<{ $minHeight: string }>`
  min-height: ${({ $minHeight }) => $minHeight};
`;

/**
 * Renders its children one commit after the page around it: the page's top paints first (its
 * largest text, the figures' skeletons), then the rest renders in slices (a transition) rather than
 * in the same long task. For what is below the fold or not needed in the first moment. Nested, each
 * level commits after the one around it, so each level's effects (the queries its components start)
 * run in a task of their own rather than all in one.
 */
export function Deferred({ children, minHeight }: { children: ReactNode; minHeight: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown ? children : <Placeholder $minHeight={minHeight} aria-hidden="true" />;
}
