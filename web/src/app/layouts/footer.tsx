import { Link } from 'react-router-dom';
import styled from 'styled-components';

const Bar = styled.footer`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  @media print {
    display: none;
  }
`;

const Inner = styled.div`
  max-width: 1280px;
  margin: 0 auto;
  padding: 20px 16px;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
  @media (min-width: 768px) {
    flex-direction: row;
    justify-content: space-between;
    padding: 20px 24px;
  }
`;

const Links = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 4px 20px;
  list-style: none;
  margin: 0;
  padding: 0;
  a {
    color: ${({ theme }) => theme.colors.textMuted};
    text-decoration: underline;
    text-underline-offset: 3px;
    display: inline-block;
    padding: 4px 0;
  }
  a:hover {
    color: ${({ theme }) => theme.colors.text};
  }
`;

export function Footer() {
  return (
    <Bar>
      <Inner>
        <p>© {new Date().getFullYear()} BetTracker. All rights reserved.</p>
        <nav aria-label="Footer">
          <Links>
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms">Terms of Service</Link>
            </li>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
            <li>
              <Link to="/pricing">Pricing</Link>
            </li>
          </Links>
        </nav>
      </Inner>
    </Bar>
  );
}
