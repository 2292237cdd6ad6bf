import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { PageErrorBoundary } from '../../components/error-boundary';
import { Loading } from '../../components/loading';
import { Footer } from './footer';

const Main = styled.main`
  flex: 1;
  display: flex;
  flex-direction: column;
`;

/** Public pages: the page and the footer, nothing else (spec 2.1). */
export function PublicLayout() {
  return (
    <>
      <Main id="main">
        <PageErrorBoundary>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </Main>
      <Footer />
    </>
  );
}
