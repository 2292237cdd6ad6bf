import styled from 'styled-components';
import { ButtonLink } from '../../components/button';
import { PageContainer } from '../../components/page';
import { useSession } from '../../lib/session';

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

/** The spec's text, and a way home: the dashboard when signed in, the landing page otherwise. */
export function NotFoundRoute() {
  const { status } = useSession();
  const signedIn = status === 'authenticated';
  return (
    <PageContainer>
      <Box>
        <h1>404 Page Not Found</h1>
        <p>Did you forget to add the page to the router?</p>
        <ButtonLink to={signedIn ? '/' : '/landing'}>{signedIn ? 'Go to Dashboard' : 'Go to the home page'}</ButtonLink>
      </Box>
    </PageContainer>
  );
}
