import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { Loading } from '../../components/loading';
import { Footer } from './footer';
import { Header } from './header';
import { MOBILE_NAV_HEIGHT, MobileNav } from './mobile-nav';

const Shell = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  min-width: 0;
  @media (max-width: 1023.98px) {
    padding-bottom: ${MOBILE_NAV_HEIGHT}px;
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
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </Main>
      <Footer />
      <MobileNav />
    </Shell>
  );
}
