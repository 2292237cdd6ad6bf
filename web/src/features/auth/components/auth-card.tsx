import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { TrendUpIcon } from '../../../components/icons';

const Page = styled.div`
  flex: 1;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 32px 16px;
`;

const Box = styled.div`
  width: 100%;
  max-width: 420px;
  padding: 28px 24px;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
  display: flex;
  flex-direction: column;
  gap: 20px;
`;

const Brand = styled(Link)`
  align-self: center;
  display: inline-flex;
  align-items: center;
  gap: 8px;
  font-weight: 800;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  svg {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Heading = styled.div`
  text-align: center;
  h1 {
    font-size: 1.625rem;
    font-weight: 750;
  }
  p {
    margin-top: 4px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Links = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 8px;
  font-size: 0.9375rem;
  color: ${({ theme }) => theme.colors.textMuted};
  a {
    font-weight: 600;
  }
`;

interface AuthCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  links: ReactNode;
}

export function AuthCard({ title, subtitle, children, links }: AuthCardProps) {
  return (
    <Page>
      <Box>
        <Brand to="/landing">
          <TrendUpIcon size={22} />
          BetTracker
        </Brand>
        <Heading>
          <h1>{title}</h1>
          {subtitle && <p>{subtitle}</p>}
        </Heading>
        {children}
        <Links>{links}</Links>
      </Box>
    </Page>
  );
}
