import type { ResolvedTheme } from '../lib/theme-mode';

/** Colours chosen for WCAG AA contrast of text on `background` and `surface` in both modes. */
interface Palette {
  background: string;
  surface: string;
  surfaceMuted: string;
  text: string;
  textMuted: string;
  border: string;
  inputBorder: string;
  primary: string;
  primaryHover: string;
  onPrimary: string;
  link: string;
  focus: string;
  win: string;
  winSurface: string;
  loss: string;
  lossSurface: string;
  neutral: string;
  neutralSurface: string;
  destructive: string;
  destructiveHover: string;
  onDestructive: string;
  warning: string;
  warningSurface: string;
  skeleton: string;
  backdrop: string;
  chartGrid: string;
  /** Chart series colours (win, loss). */
  chartWin: string;
  chartLoss: string;
  chartLine: string;
}

export interface AppTheme {
  mode: ResolvedTheme;
  colors: Palette;
  radii: { sm: string; md: string; lg: string; full: string };
  shadows: { card: string; popover: string };
  fonts: { body: string; mono: string };
}

const shared = {
  radii: { sm: '6px', md: '10px', lg: '14px', full: '9999px' },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
};

export const lightTheme: AppTheme = {
  ...shared,
  mode: 'light',
  colors: {
    background: '#f8fafc',
    surface: '#ffffff',
    surfaceMuted: '#f1f5f9',
    text: '#0f172a',
    textMuted: '#475569',
    border: '#e2e8f0',
    inputBorder: '#94a3b8',
    primary: '#1d4ed8',
    primaryHover: '#1e40af',
    onPrimary: '#ffffff',
    link: '#1d4ed8',
    focus: '#2563eb',
    win: '#166534',
    winSurface: '#dcfce7',
    loss: '#b91c1c',
    lossSurface: '#fee2e2',
    neutral: '#475569',
    neutralSurface: '#e2e8f0',
    destructive: '#b91c1c',
    destructiveHover: '#991b1b',
    onDestructive: '#ffffff',
    warning: '#92400e',
    warningSurface: '#fef3c7',
    skeleton: '#e2e8f0',
    backdrop: 'rgba(15, 23, 42, 0.55)',
    chartGrid: '#e2e8f0',
    chartWin: '#16a34a',
    chartLoss: '#dc2626',
    chartLine: '#2563eb',
  },
  shadows: {
    card: '0 1px 2px rgba(15, 23, 42, 0.06), 0 1px 3px rgba(15, 23, 42, 0.08)',
    popover: '0 10px 30px rgba(15, 23, 42, 0.18)',
  },
};

export const darkTheme: AppTheme = {
  ...shared,
  mode: 'dark',
  colors: {
    background: '#0b1120',
    surface: '#111827',
    surfaceMuted: '#1e293b',
    text: '#f1f5f9',
    textMuted: '#a8b3c4',
    border: '#334155',
    inputBorder: '#64748b',
    primary: '#3b82f6',
    primaryHover: '#60a5fa',
    onPrimary: '#0b1120',
    link: '#93c5fd',
    focus: '#60a5fa',
    win: '#4ade80',
    winSurface: '#14532d',
    loss: '#fca5a5',
    lossSurface: '#7f1d1d',
    neutral: '#cbd5e1',
    neutralSurface: '#334155',
    destructive: '#f87171',
    destructiveHover: '#fca5a5',
    onDestructive: '#0b1120',
    warning: '#fcd34d',
    warningSurface: '#78350f',
    skeleton: '#1e293b',
    backdrop: 'rgba(0, 0, 0, 0.65)',
    chartGrid: '#334155',
    chartWin: '#22c55e',
    chartLoss: '#ef4444',
    chartLine: '#60a5fa',
  },
  shadows: {
    card: '0 1px 2px rgba(0, 0, 0, 0.4)',
    popover: '0 10px 30px rgba(0, 0, 0, 0.5)',
  },
};

export const themes: Record<ResolvedTheme, AppTheme> = { light: lightTheme, dark: darkTheme };
