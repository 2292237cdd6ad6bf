import type { ReactNode } from 'react';
import { BookIcon, FlameIcon, HomeIcon, LayersIcon, ListIcon, TargetIcon } from '../../components/icons';

export interface NavItem {
  to: string;
  /** Header label (large screens and up). */
  label: string;
  /** Bottom-bar label (below the large breakpoint). */
  shortLabel: string;
  icon: ReactNode;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'Dashboard', shortLabel: 'Home', icon: <HomeIcon /> },
  { to: '/history', label: 'Bet History', shortLabel: 'Bets', icon: <ListIcon /> },
  { to: '/parlays', label: 'Parlays', shortLabel: 'Parlays', icon: <LayersIcon /> },
  { to: '/streaks', label: 'Streaks', shortLabel: 'Streaks', icon: <FlameIcon /> },
  { to: '/journal', label: 'Journal', shortLabel: 'Journal', icon: <BookIcon /> },
  { to: '/goals', label: 'Goals', shortLabel: 'Goals', icon: <TargetIcon /> },
];
