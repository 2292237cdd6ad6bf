import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { PlusIcon } from '../../../components/icons';
import { AddBetFields } from './add-bet-form';

/* Header button from the large breakpoint; below it the round button sits above the bottom bar, in
   reach of the thumb. Only one of the two is displayed at a time. */
const HeaderTrigger = styled(Button)`
  @media (max-width: 1023.98px) {
    display: none;
  }
`;

/** Icon-only below 1440 px, where the six header links need the room; still named 'Add Bet'. */
const Label = styled.span`
  @media (max-width: 1439.98px) {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0, 0, 0, 0);
    white-space: nowrap;
  }
`;

const ThumbTrigger = styled(Button)`
  position: fixed;
  right: 16px;
  /* Above the bottom bar (64 px) and the phone's home indicator. */
  bottom: calc(76px + env(safe-area-inset-bottom));
  z-index: 41;
  height: 56px;
  padding: 0 20px 0 16px;
  gap: 6px;
  font-size: 1rem;
  border-radius: ${({ theme }) => theme.radii.full};
  box-shadow: ${({ theme }) => theme.shadows.popover};
  @media (min-width: 1024px) {
    display: none;
  }
  /* While the bettor fills in a form of the page, its buttons (a leg's Remove, Update Email) are
     not hidden under it. */
  &[data-form-focused='true'] {
    display: none;
  }
`;

/** Whether focus is in a form of the page (not in a dialog, which sits above the button anyway). */
const useFormFocused = (): boolean => {
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    const update = () => {
      const active = document.activeElement;
      setFocused(active instanceof HTMLElement && active.closest('form') !== null && active.closest('[role="dialog"]') === null);
    };
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', update);
    return () => {
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', update);
    };
  }, []);
  return focused;
};

/** 'Add Bet' on every signed-in page: opens the add-bet form in a dialog. */
export function QuickAddBet() {
  const [open, setOpen] = useState(false);
  const formFocused = useFormFocused();
  return (
    <>
      <HeaderTrigger size="sm" title="Add Bet" onClick={() => setOpen(true)}>
        <PlusIcon />
        <Label>Add Bet</Label>
      </HeaderTrigger>
      <ThumbTrigger aria-label="Add Bet" data-form-focused={formFocused} onClick={() => setOpen(true)}>
        <PlusIcon size={22} />
        <span aria-hidden="true">Bet</span>
      </ThumbTrigger>
      <Dialog open={open} onClose={() => setOpen(false)} title="Add New Bet">
        <AddBetFields onAdded={() => setOpen(false)} />
      </Dialog>
    </>
  );
}
