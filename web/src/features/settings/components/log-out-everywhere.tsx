import { Button } from '../../../components/button';
import { serverMessageOr } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useLogOutEverywhereMutation } from '../api/settings-api';

/** "Log out of all devices": every session ends, this one too, and the visitor goes to /login. */
export function LogOutEverywhere() {
  const { endSession } = useSession();
  const [logOutEverywhere, { isLoading }] = useLogOutEverywhereMutation();

  const onClick = async () => {
    try {
      await logOutEverywhere().unwrap();
      toast({ title: 'Logged out of all devices', description: 'Log in again to continue.' });
      endSession();
    } catch (cause) {
      toast({ variant: 'destructive', title: 'Error', description: serverMessageOr(cause, 'Failed to log out of all devices') });
    }
  };

  return (
    <Button variant="destructive" onClick={onClick} disabled={isLoading}>
      {isLoading ? 'Logging out...' : 'Log out of all devices'}
    </Button>
  );
}
