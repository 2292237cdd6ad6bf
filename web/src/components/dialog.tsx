import { useEffect, useId, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { registerToastHost } from '../lib/toast';
import { Button } from './button';
import { XIcon } from './icons';

const NativeDialog = styled.dialog<{ $wide?: boolean }>`
  width: min(${({ $wide }) => ($wide ? 960 : 560)}px, calc(100vw - 24px));
  max-height: calc(100dvh - 24px);
  padding: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.popover};
  overflow: auto;
  &::backdrop {
    background: ${({ theme }) => theme.colors.backdrop};
  }
`;

const Header = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 12px;
  padding: 20px 20px 0;
`;

const Title = styled.h2`
  font-size: 1.25rem;
  font-weight: 700;
`;

const Description = styled.p`
  margin-top: 4px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9375rem;
`;

const Body = styled.div`
  padding: 16px 20px 20px;
`;

/** The fields a dialog's form starts at (an element marked autofocus wins: showModal() picks it). */
const FIRST_FIELD = '[autofocus], input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** 'alertdialog' for confirmations. */
  role?: 'dialog' | 'alertdialog';
  /** Up to 960 px wide rather than 560: room for a table (the import preview). */
  wide?: boolean;
}

/**
 * A modal on the native <dialog>: showModal() makes the page behind it inert (focus stays inside)
 * and Escape closes it. Its content mounts only while open, so forms start fresh each time.
 */
export function Dialog({ open, onClose, title, description, children, role = 'dialog', wide = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // showModal() focuses the first focusable element, the close button: start at the first field instead.
      const field = dialog.querySelector<HTMLElement>(FIRST_FIELD);
      field?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // While open, toasts render inside the dialog: outside it they would sit under the backdrop, inert.
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    return registerToastHost(dialog);
  }, [open]);

  // Closing the page while a dialog is open must not leave the document inert.
  useEffect(() => () => ref.current?.close(), []);

  return (
    <NativeDialog
      ref={ref}
      $wide={wide}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={(event) => {
        // Only a close the user caused (Escape) reports back; ignore a stale event after a re-open.
        if (open && !event.currentTarget.open) onCloseRef.current();
      }}
      onMouseDown={(event) => {
        // A press on the backdrop (the dialog element itself, outside its content box) closes it.
        if (event.target !== event.currentTarget) return;
        const box = event.currentTarget.getBoundingClientRect();
        const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
        if (!inside) onCloseRef.current();
      }}
    >
      {open && (
        <>
          <Header>
            <div>
              <Title id={titleId}>{title}</Title>
              {description && <Description id={descriptionId}>{description}</Description>}
            </div>
            <Button variant="ghost" size="icon" aria-label="Close" onClick={() => onCloseRef.current()}>
              <XIcon />
            </Button>
          </Header>
          <Body>{children}</Body>
        </>
      )}
    </NativeDialog>
  );
}
