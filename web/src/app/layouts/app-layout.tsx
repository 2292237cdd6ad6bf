import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { PageErrorBoundary } from '../../components/error-boundary';
import { Loading } from '../../components/loading';
import { Footer } from './footer';
import { Header } from './header';
import { MOBILE_NAV_HEIGHT, MobileNav } from './mobile-nav';

const Shell = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  min-width: 0;
  /* Below the large breakpoint the page ends clear of the bottom bar and of the round Add Bet
     button above it (56 px, 12 px over the bar), so its last links can be reached. */
  @media (max-width: 1023.98px) {
    padding-bottom: ${MOBILE_NAV_HEIGHT + 76}px;
  }
  @media print {
    padding-bottom: 0;
  }
`;

const Main = styled.main`
  flex: 1;
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

const SkipLink = styled.a`
  position: absolute;
  left: 8px;
  top: -100px;
  z-index: 100;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  &:focus {
    top: 8px;
  }
`;

/** Signed-in pages: header, the page, footer, and the bottom bar below the large breakpoint. */
export function AppLayout() {
  return (
    <Shell>
      <SkipLink href="#main">Skip to content</SkipLink>
      <Header />
      <Main id="main">
        <PageErrorBoundary>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </Main>
      <Footer />
      <MobileNav />
    </Shell>
  );
}
