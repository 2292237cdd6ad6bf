import styled from 'styled-components';
import { PageContainer } from '../../components/page';

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

export function NotFoundRoute() {
  return (
    <PageContainer>
      <Box>
        <h1>404 Page Not Found</h1>
        <p>Did you forget to add the page to the router?</p>
      </Box>
    </PageContainer>
  );
}
