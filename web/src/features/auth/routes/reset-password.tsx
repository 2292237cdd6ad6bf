import { MESSAGES, resetPasswordBody } from '@bt/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { Field, FormStack, Input } from '../../../components/field';
import { serverMessageOr } from '../../../lib/api-error';
import { focusFirstInvalid } from '../../../lib/focus';
import { fieldErrors } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useResetPasswordMutation } from '../api/password-reset-api';
import { AuthCard } from '../components/auth-card';

const Problem = styled.p`
  text-align: center;
  line-height: 1.5;
`;

type Errors = Partial<Record<'password' | 'confirmPassword', string>>;

/**
 * The e-mailed link's page (/reset-password?token=...): a new password, twice. Once set, every
 * session of the account has ended, this browser's too: the visitor signs in with it.
 */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const { endSession } = useSession();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = resetPasswordBody.safeParse({ token, password });
    const found = parsed.success ? {} : fieldErrors(parsed.error.issues);
    if (found.token) {
      // A link cut short or mangled: nothing this form can fix.
      toast({ variant: 'destructive', title: 'Reset Failed', description: found.token });
      return;
    }
    const next: Errors = { password: found.password };
    if (confirmPassword.length === 0) next.confirmPassword = MESSAGES.confirmPassword;
    else if (confirmPassword !== password) next.confirmPassword = MESSAGES.passwordsDontMatch;
    setErrors(next);
    if (!parsed.success || next.confirmPassword) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    try {
      const { message } = await resetPassword(parsed.data).unwrap();
      toast({ title: 'Password reset', description: message });
      endSession();
    } catch (cause) {
      toast({ variant: 'destructive', title: 'Reset Failed', description: serverMessageOr(cause, 'Failed to reset password') });
    }
  };

  const links = (
    <>
      <p>
        Link not working? <Link to="/forgot-password">Ask for a new one</Link>
      </p>
      <Link to="/login">Back to sign in</Link>
    </>
  );

  if (!token) {
    return (
      <AuthCard title="Set a New Password" links={links}>
        <Problem role="alert">{MESSAGES.resetTokenMissing}</Problem>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Set a New Password" subtitle="Choose a new password for your account" links={links}>
      <FormStack onSubmit={onSubmit} noValidate aria-label="Set a new password">
        <Field label="New Password" error={errors.password}>
          {(props) => (
            <Input
              {...props}
              type="password"
              autoComplete="new-password"
              placeholder="Min 6 characters"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setErrors((v) => ({ ...v, password: undefined }));
              }}
            />
          )}
        </Field>
        <Field label="Confirm New Password" error={errors.confirmPassword}>
          {(props) => (
            <Input
              {...props}
              type="password"
              autoComplete="new-password"
              value={confirmPassword}
              onChange={(e) => {
                setConfirmPassword(e.target.value);
                setErrors((v) => ({ ...v, confirmPassword: undefined }));
              }}
            />
          )}
        </Field>
        <Button type="submit" size="lg" disabled={isLoading}>
          {isLoading ? 'Saving...' : 'Set Password'}
        </Button>
      </FormStack>
    </AuthCard>
  );
}
