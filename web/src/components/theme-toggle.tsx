import { useThemeMode } from '../lib/theme-mode';
import { MonitorIcon, MoonIcon, SunIcon } from './icons';
import { Menu } from './menu';

/** The light/dark toggle: a small menu with Light, Dark and System (follows the device). */
export function ThemeToggle() {
  const { mode, resolved, setMode } = useThemeMode();
  return (
    <Menu
      label="Toggle theme"
      trigger={resolved === 'dark' ? <MoonIcon /> : <SunIcon />}
      items={[
        { label: 'Light', icon: <SunIcon />, checked: mode === 'light', onSelect: () => setMode('light') },
        { label: 'Dark', icon: <MoonIcon />, checked: mode === 'dark', onSelect: () => setMode('dark') },
        { label: 'System', icon: <MonitorIcon />, checked: mode === 'system', onSelect: () => setMode('system') },
      ]}
    />
  );
}
