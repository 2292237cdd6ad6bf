import { updatePasswordBody } from '@bt/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { Field, FormActions, FormStack, Input } from '../../../components/field';
import { serverMessageOr } from '../../../lib/api-error';
import { focusFirstInvalid } from '../../../lib/focus';
import { fieldErrors } from '../../../lib/form-errors';
import { useSession, whileRenewingToken } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useUpdatePasswordMutation, type PasswordChange } from '../api/settings-api';

const EMPTY: PasswordChange = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const [values, setValues] = useState<PasswordChange>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof PasswordChange, string>>>({});
  const [updatePassword, { isLoading }] = useUpdatePasswordMutation();
  const { renewToken } = useSession();

  const set = (key: keyof PasswordChange, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = updatePasswordBody.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      focusFirstInvalid(event.currentTarget);
      return;
    }
    setErrors({});
    try {
      await whileRenewingToken(async () => {
        const answer = await updatePassword(parsed.data).unwrap();
        if (answer?.token) renewToken(answer.token);
      });
      toast({ title: 'Password updated successfully' });
      setValues(EMPTY);
    } catch (cause) {
      toast({ variant: 'destructive', title: 'Error', description: serverMessageOr(cause, 'Failed to update password') });
    }
  };

  return (
    <FormStack onSubmit={onSubmit} noValidate>
      <Field label="Current Password" error={errors.currentPassword}>
        {(props) => (
          <Input
            {...props}
            type="password"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={(e) => set('currentPassword', e.target.value)}
          />
        )}
      </Field>
      <Field label="New Password" error={errors.newPassword}>
        {(props) => (
          <Input
            {...props}
            type="password"
            autoComplete="new-password"
            placeholder="Min 6 characters"
            value={values.newPassword}
            onChange={(e) => set('newPassword', e.target.value)}
          />
        )}
      </Field>
      <Field label="Confirm New Password" error={errors.confirmPassword}>
        {(props) => (
          <Input
            {...props}
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={(e) => set('confirmPassword', e.target.value)}
          />
        )}
      </Field>
      <FormActions>
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Updating...' : 'Update Password'}
        </Button>
      </FormActions>
    </FormStack>
  );
}
