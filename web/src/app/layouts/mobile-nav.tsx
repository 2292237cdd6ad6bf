import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { NAV_ITEMS } from './nav-items';

/** Height of the bar, kept free at the bottom of the page below the large breakpoint. */
export const MOBILE_NAV_HEIGHT = 64;

const Bar = styled.nav`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: 40;
  height: ${MOBILE_NAV_HEIGHT}px;
  padding-bottom: env(safe-area-inset-bottom);
  display: grid;
  grid-template-columns: repeat(6, minmax(0, 1fr));
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  @media (min-width: 1024px), print {
    display: none;
  }
  a {
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: 2px;
    font-size: 0.6875rem;
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textMuted};
    text-decoration: none;
  }
  a[aria-current='page'] {
    color: ${({ theme }) => theme.colors.link};
  }
`;

export function MobileNav() {
  return (
    <Bar aria-label="Mobile">
      {NAV_ITEMS.filter((item) => !item.headerOnly).map((item) => (
        <NavLink key={item.to} to={item.to} end={item.to === '/'}>
          {item.icon}
          {item.shortLabel}
        </NavLink>
      ))}
    </Bar>
  );
}
