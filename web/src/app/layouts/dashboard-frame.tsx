import styled from 'styled-components';
import { Loading } from '../../components/loading';
import { PageContainer, PageHeader } from '../../components/page';
import { HEADER_ROW_PX } from './header-size';
import { DASHBOARD_SUBTITLE, DASHBOARD_TITLE } from '../routes/dashboard-heading';

const Frame = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
`;

/** The header's place: its bar's height and border (header.tsx), without its contents. */
const Bar = styled.div`
  /* The header's inner row, and its 1 px border below it. */
  min-height: ${HEADER_ROW_PX + 1}px;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

/**
 * What a signed-in visit to the dashboard shows while the session is checked and the screen's code
 * loads: the header's bar and the page's heading where the dashboard puts them, then 'Loading'. The
 * subtitle, the page's largest text, is painted as soon as the entry has run, rather than a round
 * trip and the screen's chunks later (issue 37: Lighthouse's largest contentful paint); the screen
 * then replaces it with the same text in the same place, which is not a larger paint. Hidden from
 * assistive technology: until the screen is in, the page says only that it is loading.
 */
export function DashboardFrame() {
  return (
    <Frame>
      <div aria-hidden="true">
        <Bar />
        <PageContainer>
          <PageHeader title={DASHBOARD_TITLE} subtitle={DASHBOARD_SUBTITLE} />
        </PageContainer>
      </div>
      <Loading />
    </Frame>
  );
}
