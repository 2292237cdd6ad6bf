import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { dismissToast, useCurrentToast, useToastHost, type ToastItem } from '../lib/toast';
import { Button } from './button';
import { XIcon } from './icons';

/** Spec section 9: 5000 ms on screen, a swipe right of 50 px dismisses, F8 focuses the area. */
const DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

const Region = styled.section`
  position: fixed;
  z-index: 100;
  /* Below the large breakpoint, at the bottom over the bottom bar and the round Add Bet button
     (64 + 12 + 56 px): clear of the header's bankroll and of the page's heading (a welcome toast
     hid it). Bottom right from the large breakpoint, where neither is there. */
  bottom: calc(140px + env(safe-area-inset-bottom));
  left: 0;
  right: 0;
  padding: 12px;
  display: flex;
  flex-direction: column;
  pointer-events: none;
  outline: none;
  @media (min-width: 640px) {
    left: auto;
    width: 420px;
    padding: 16px;
  }
  @media (min-width: 1024px) {
    bottom: 0;
  }
  @media print {
    display: none;
  }
`;

const Item = styled.div<{ $destructive: boolean }>`
  pointer-events: auto;
  position: relative;
  display: flex;
  align-items: flex-start;
  gap: 12px;
  padding: 16px 44px 16px 16px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme, $destructive }) => ($destructive ? theme.colors.destructive : theme.colors.border)};
  background: ${({ theme, $destructive }) => ($destructive ? theme.colors.destructive : theme.colors.surface)};
  color: ${({ theme, $destructive }) => ($destructive ? theme.colors.onDestructive : theme.colors.text)};
  box-shadow: ${({ theme }) => theme.shadows.popover};
  touch-action: pan-y;
  user-select: none;
`;

const Text = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 2px;
`;

const Title = styled.div`
  font-weight: 650;
`;

const Description = styled.div`
  font-size: 0.9rem;
  opacity: 0.95;
`;

const CloseButton = styled(Button)`
  position: absolute;
  top: 6px;
  right: 6px;
  min-height: 32px;
  min-width: 32px;
  color: inherit;
  &:hover:not(:disabled) {
    background: rgba(127, 127, 127, 0.2);
  }
`;

const ActionButton = styled(Button)`
  align-self: center;
  color: inherit;
  border-color: currentColor;
  background: transparent;
`;

function ToastView({ item }: { item: ToastItem }) {
  const [offset, setOffset] = useState(0);
  const [paused, setPaused] = useState(false);
  const start = useRef<number | null>(null);
  const destructive = item.variant === 'destructive';

  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => dismissToast(item.id), DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [item.id, paused]);

  const onPointerDown = (event: PointerEvent) => {
    if ((event.target as HTMLElement).closest('button')) return;
    start.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
  };
  const onPointerUp = () => {
    if (start.current === null) return;
    start.current = null;
    if (offset > SWIPE_THRESHOLD_PX) dismissToast(item.id);
    else setOffset(0);
  };

  return (
    <Item
      $destructive={destructive}
      role={destructive ? 'alert' : 'status'}
      aria-atomic="true"
      data-toast
      tabIndex={0}
      style={{ transform: offset ? `translateX(${offset}px)` : undefined, opacity: offset ? 1 - offset / 300 : 1 }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // Escape closes the toast only, not a dialog it sits in.
        event.preventDefault();
        event.stopPropagation();
        dismissToast(item.id);
      }}
    >
      <Text>
        {item.title && <Title>{item.title}</Title>}
        {item.description && <Description>{item.description}</Description>}
      </Text>
      {item.action && (
        <ActionButton
          variant="outline"
          size="sm"
          onClick={() => {
            item.action?.onClick();
            dismissToast(item.id);
          }}
        >
          {item.action.label}
        </ActionButton>
      )}
      <CloseButton variant="ghost" size="icon" aria-label="Close notification" onClick={() => dismissToast(item.id)}>
        <XIcon size={16} />
      </CloseButton>
    </Item>
  );
}

/**
 * The notification area: at the bottom above the bottom bar on phones, bottom right from the small breakpoint.
 * One toast at a time; F8 moves focus to it. While a modal dialog is open it renders inside it.
 */
export function Toaster() {
  const item = useCurrentToast();
  const host = useToastHost();
  const regionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'F8') return;
      event.preventDefault();
      const toastElement = regionRef.current?.querySelector<HTMLElement>('[data-toast]');
      (toastElement ?? regionRef.current)?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const region = (
    <Region ref={regionRef} aria-label="Notifications (F8)" tabIndex={-1}>
      {item && <ToastView key={item.id} item={item} />}
    </Region>
  );
  return host ? createPortal(region, host) : region;
}
