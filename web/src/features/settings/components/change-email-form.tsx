import { updateEmailBody } from '@bt/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { Field, FormActions, FormStack, Input } from '../../../components/field';
import { serverMessageOr } from '../../../lib/api-error';
import { fieldErrors } from '../../../lib/form-errors';
import { useSession, whileRenewingToken } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useUpdateEmailMutation } from '../api/settings-api';

export function ChangeEmailForm() {
  const { updateUser, renewToken } = useSession();
  const [newEmail, setNewEmail] = useState('');
  const [error, setError] = useState<string>();
  const [updateEmail, { isLoading }] = useUpdateEmailMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateEmailBody.safeParse({ newEmail });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error.issues).newEmail);
      return;
    }
    setError(undefined);
    try {
      const result = await whileRenewingToken(async () => {
        const answer = await updateEmail(parsed.data).unwrap();
        if (answer?.token) renewToken(answer.token);
        return answer;
      });
      if (result?.user) updateUser(result.user);
      toast({ title: 'Email updated successfully' });
      setNewEmail('');
    } catch (cause) {
      toast({ variant: 'destructive', title: 'Error', description: serverMessageOr(cause, 'Failed to update email') });
    }
  };

  return (
    <FormStack onSubmit={onSubmit} noValidate>
      <Field label="New Email" error={error}>
        {(props) => (
          <Input
            {...props}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={newEmail}
            onChange={(e) => {
              setNewEmail(e.target.value);
              setError(undefined);
            }}
          />
        )}
      </Field>
      <FormActions>
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Updating...' : 'Update Email'}
        </Button>
      </FormActions>
    </FormStack>
  );
}
