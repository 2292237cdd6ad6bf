import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from './button';
import { Loading } from './loading';
import { PageContainer } from './page';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  padding: 64px 0;
  text-align: center;
  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** sessionStorage: the failed chunk the page was last reloaded for (one reload per chunk, never a loop). */
const RELOADED_FOR = 'bt.reloadedForChunk';

/**
 * A lazy chunk that could not be loaded: after a deploy the old file names are gone. Browsers say
 * it differently (Chromium, Firefox, Safari); vite's preload helper says "Unable to preload CSS".
 */
const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error &&
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    error.message,
  );

/** Reloads the page for this failed chunk unless it already did in this tab; says whether it reloads. */
const reloadOnceFor = (error: Error): boolean => {
  try {
    if (sessionStorage.getItem(RELOADED_FOR) === error.message) return false;
    sessionStorage.setItem(RELOADED_FOR, error.message);
  } catch {
    return false; // no sessionStorage: no guard, so no automatic reload
  }
  window.location.reload();
  return true;
};

interface Props {
  children: ReactNode;
  /** A new value (the path) clears the error: leaving the broken page shows the next one. */
  resetKey?: string;
}

interface State {
  error: Error | null;
  reloading: boolean;
  resetKey?: string;
}

/**
 * Catches what a page throws while rendering (or a lazy page that cannot be loaded) and shows a
 * friendly page with a Reload button instead of a blank screen. A chunk gone after a deploy
 * reloads the page once by itself.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, reloading: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey === state.resetKey) return null;
    return { error: null, reloading: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (isChunkLoadError(error) && reloadOnceFor(error as Error)) {
      this.setState({ reloading: true });
      return;
    }
    console.error('A page failed to render', error, info.componentStack);
  }

  override render() {
    const { error, reloading } = this.state;
    if (!error) return this.props.children;
    if (reloading) return <Loading />;
    return (
      <PageContainer>
        <Box role="alert">
          <h1>Something went wrong</h1>
          <p>This page could not be shown. Reloading usually fixes it; your data is safe.</p>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </Box>
      </PageContainer>
    );
  }
}

/** The boundary around a layout's page: cleared when the path changes. */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}
