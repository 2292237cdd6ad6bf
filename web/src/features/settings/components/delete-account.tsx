import { deleteAccountBody } from '@bt/contracts';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { Field, FormActions, FormStack, Input } from '../../../components/field';
import { serverMessageOr } from '../../../lib/api-error';
import { focusFirstInvalid } from '../../../lib/focus';
import { fieldErrors } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useDeleteAccountMutation } from '../api/settings-api';

const Explained = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin-bottom: 16px;
  font-size: 0.875rem;
  ul {
    margin: 0;
    padding-left: 20px;
  }
`;

/** "Delete account": with the password, the account and everything in it is erased, and every session ends. */
export function DeleteAccount() {
  const { signOut } = useSession();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = deleteAccountBody.safeParse({ password });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error.issues).password);
      focusFirstInvalid(event.currentTarget);
      return;
    }
    try {
      await deleteAccount(parsed.data).unwrap();
      toast({ title: 'Account deleted', description: 'Everything in it is gone. You are signed out everywhere.' });
      // A sign-out the bettor asked for: no page to come back to, no drafts of an account that is gone.
      signOut('/login');
    } catch (cause) {
      toast({ variant: 'destructive', title: 'Error', description: serverMessageOr(cause, 'Failed to delete the account') });
    }
  };

  return (
    <>
      <Explained>
        <p>
          First, keep a copy: <a href="#my-data-title">Download my data</a> above gives you your event log and your bets.
        </p>
        <p>Deleting your account cannot be undone. It:</p>
        <ul>
          <li>erases your bets, parlays, bankroll, goals, journal and settings, and your e-mail address and username;</li>
          <li>signs you out on every device;</li>
          <li>frees your e-mail address: you can sign up with it again, starting from nothing.</li>
        </ul>
      </Explained>
      <FormStack onSubmit={onSubmit} noValidate>
        <Field label="Password to confirm" error={error}>
          {(props) => (
            <Input
              {...props}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setError(undefined);
              }}
            />
          )}
        </Field>
        <FormActions>
          <Button type="submit" variant="destructive" disabled={isLoading}>
            {isLoading ? 'Deleting...' : 'Delete account'}
          </Button>
        </FormActions>
      </FormStack>
    </>
  );
}
