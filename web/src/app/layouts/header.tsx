import { Link, NavLink, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import {
  BarChartIcon,
  ChevronDownIcon,
  FileTextIcon,
  LogOutIcon,
  SettingsIcon,
  TrendUpIcon,
  UserIcon,
  WalletIcon,
} from '../../components/icons';
import { Menu } from '../../components/menu';
import { ServerBanner } from '../../components/server-banner';
import { ThemeToggle } from '../../components/theme-toggle';
import { WritingControls } from '../../components/time-travel';
import { AddFundsDialog } from '../../features/bankroll/components/add-funds-dialog';
import { BankrollAmount } from '../../features/bankroll/components/bankroll-amount';
import { QuickAddBet } from '../../features/bets/components/quick-add-bet';
import { useTimeTravel } from '../../lib/as-of';
import { displayName, useSession } from '../../lib/session';
import { HEADER_ROW_PX } from './header-size';
import { NAV_ITEMS } from './nav-items';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 40;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  /* On paper the page is the document (Reports › Tax year prints its diary). */
  @media print {
    display: none;
  }
`;

const Inner = styled.div`
  max-width: 1280px;
  margin: 0 auto;
  min-height: ${HEADER_ROW_PX}px;
  padding: 8px 12px;
  display: flex;
  align-items: center;
  gap: 8px;
  @media (min-width: 768px) {
    padding: 8px 24px;
    gap: 16px;
  }
`;

const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  font-weight: 800;
  font-size: 1.125rem;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  white-space: nowrap;
  flex-shrink: 0;
  svg {
    flex-shrink: 0;
    color: ${({ theme }) => theme.colors.primary};
  }
  /* Phones, and 1,024-1,279 px where the seven header links need the room: the mark alone (the link keeps its name). */
  @media (max-width: 399.98px), (min-width: 1024px) and (max-width: 1279.98px) {
    span {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0, 0, 0, 0);
    }
  }
`;

/*
 * From the large breakpoint, where all six links fit beside the rest of the header; below it the
 * bottom bar (mobile-nav.tsx) holds them, so each width shows the navigation exactly once.
 */
const Nav = styled.nav`
  display: none;
  @media (min-width: 1024px) {
    display: flex;
    gap: 2px;
  }
  /* Seven links (with Analytics): a little tighter than the six had, so they fit beside the rest from 1,024 px. */
  a {
    padding: 8px 6px;
    border-radius: ${({ theme }) => theme.radii.sm};
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
    font-size: 0.875rem;
    text-decoration: none;
    white-space: nowrap;
  }
  a:hover {
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  a[aria-current='page'] {
    color: ${({ theme }) => theme.colors.link};
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;

const Right = styled.div`
  margin-left: auto;
  flex-shrink: 0;
  display: flex;
  align-items: center;
  gap: 6px;
  @media (min-width: 768px) {
    gap: 10px;
  }
`;

export function Header() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const name = displayName(user);
  // A page showing a past day is read only: no bet or deposit can be added to it.
  const past = useTimeTravel().past !== undefined;
  return (
    <Bar>
      <Inner>
        <Brand to="/" aria-label="BetTracker home">
          <TrendUpIcon size={22} />
          <span>BetTracker</span>
        </Brand>
        <Nav aria-label="Main">
          {NAV_ITEMS.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === '/'}>
              {item.label}
            </NavLink>
          ))}
        </Nav>
        <Right>
          <WritingControls readOnly={past}>
            <QuickAddBet />
          </WritingControls>
          <BankrollAmount />
          <WritingControls readOnly={past}>
            <AddFundsDialog />
          </WritingControls>
          <ThemeToggle />
          {/* The name is the menu's accessible name; shown, it would crowd out the seven links (and a large bankroll) at 1,280 px. */}
          <Menu
            label={name}
            heading={user?.email}
            trigger={
              <>
                <UserIcon />
                <ChevronDownIcon size={14} />
              </>
            }
            items={[
              { label: 'Analytics', icon: <BarChartIcon />, onSelect: () => navigate('/analytics') },
              { label: 'Bankroll', icon: <WalletIcon />, onSelect: () => navigate('/bankroll') },
              { label: 'Tax year', icon: <FileTextIcon />, onSelect: () => navigate('/reports/tax') },
              { label: 'Settings', icon: <SettingsIcon />, onSelect: () => navigate('/settings') },
              { label: 'Logout', icon: <LogOutIcon />, onSelect: () => signOut() },
            ]}
          />
        </Right>
      </Inner>
      <ServerBanner />
    </Bar>
  );
}
