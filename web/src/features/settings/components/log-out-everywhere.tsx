import { useState } from 'react';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { serverMessageOr } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useLogOutEverywhereMutation } from '../api/settings-api';

/**
 * "Log out of all devices", asked first: every session ends, this one too, and the visitor goes to
 * /login (coming back here after signing in).
 */
export function LogOutEverywhere() {
  const { endSession } = useSession();
  const [asking, setAsking] = useState(false);
  const [logOutEverywhere, { isLoading }] = useLogOutEverywhereMutation();

  const onConfirm = async () => {
    try {
      await logOutEverywhere().unwrap();
      toast({ title: 'Logged out of all devices', description: 'Log in again to continue.' });
      endSession();
    } catch (cause) {
      setAsking(false);
      toast({ variant: 'destructive', title: 'Error', description: serverMessageOr(cause, 'Failed to log out of all devices') });
    }
  };

  return (
    <>
      <Button variant="destructive" onClick={() => setAsking(true)} disabled={isLoading}>
        Log out of all devices
      </Button>
      <ConfirmDialog
        open={asking}
        title="Log out of all devices?"
        message="Every device signed in to this account, this one included, is signed out at once. You will need your password to sign in again."
        confirmLabel="Log out everywhere"
        busyLabel="Logging out..."
        busy={isLoading}
        onConfirm={() => void onConfirm()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
