import { Button } from './button';
import { Dialog } from './dialog';
import { FormActions } from './field';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question before a destructive action. */
export function ConfirmDialog({ open, title, message, confirmLabel, busyLabel, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} title={title} description={message} role="alertdialog">
      <FormActions>
        <Button variant="outline" onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button variant="destructive" onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </FormActions>
    </Dialog>
  );
}
