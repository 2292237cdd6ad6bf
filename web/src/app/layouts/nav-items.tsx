import type { ReactNode } from 'react';
import { BarChartIcon, BookIcon, FlameIcon, HomeIcon, LayersIcon, ListIcon, TargetIcon } from '../../components/icons';

export interface NavItem {
  to: string;
  /** Header label (large screens and up). */
  label: string;
  /** Bottom-bar label (below the large breakpoint). */
  shortLabel: string;
  icon: ReactNode;
  /**
   * Header only: the bottom bar holds the spec's six links (a seventh does not fit at 320 px); on
   * phones the page is in the user menu, beside Settings.
   */
  headerOnly?: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'Dashboard', shortLabel: 'Home', icon: <HomeIcon /> },
  { to: '/history', label: 'Bet History', shortLabel: 'Bets', icon: <ListIcon /> },
  { to: '/parlays', label: 'Parlays', shortLabel: 'Parlays', icon: <LayersIcon /> },
  { to: '/streaks', label: 'Streaks', shortLabel: 'Streaks', icon: <FlameIcon /> },
  { to: '/journal', label: 'Journal', shortLabel: 'Journal', icon: <BookIcon /> },
  { to: '/goals', label: 'Goals', shortLabel: 'Goals', icon: <TargetIcon /> },
  { to: '/analytics', label: 'Analytics', shortLabel: 'Analytics', icon: <BarChartIcon />, headerOnly: true },
];
