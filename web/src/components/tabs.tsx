import { useRef, type KeyboardEvent } from 'react';
import styled from 'styled-components';

const List = styled.div`
  display: inline-flex;
  align-self: flex-start;
  gap: 4px;
  padding: 4px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  max-width: 100%;
  overflow-x: auto;
`;

const Tab = styled.button`
  min-height: 36px;
  padding: 0 12px;
  @media (min-width: 640px) {
    padding: 0 16px;
  }
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 600;
  cursor: pointer;
  white-space: nowrap;
  &[aria-selected='true'] {
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    box-shadow: ${({ theme }) => theme.shadows.card};
  }
`;

export interface TabItem<T extends string> {
  value: T;
  label: string;
}

interface TabsProps<T extends string> {
  /** Prefix of the tab and panel ids. */
  idBase: string;
  label: string;
  tabs: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
}

export const tabId = (idBase: string, value: string) => `${idBase}-tab-${value}`;
export const panelId = (idBase: string, value: string) => `${idBase}-panel-${value}`;

/** Props for the panel of tab `value`. */
export const tabPanelProps = (idBase: string, value: string) => ({
  role: 'tabpanel' as const,
  id: panelId(idBase, value),
  'aria-labelledby': tabId(idBase, value),
  tabIndex: 0,
});

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs (automatic activation). */
export function Tabs<T extends string>({ idBase, label, tabs, value, onChange }: TabsProps<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    onChange(tabs[target].value);
    refs.current[target]?.focus();
  };
  return (
    <List role="tablist" aria-label={label}>
      {tabs.map((tab, index) => (
        <Tab
          key={tab.value}
          ref={(el) => {
            refs.current[index] = el;
          }}
          type="button"
          role="tab"
          id={tabId(idBase, tab.value)}
          aria-selected={tab.value === value}
          aria-controls={panelId(idBase, tab.value)}
          tabIndex={tab.value === value ? 0 : -1}
          onClick={() => onChange(tab.value)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {tab.label}
        </Tab>
      ))}
    </List>
  );
}
