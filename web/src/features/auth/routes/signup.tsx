import { registerBody } from '@bt/contracts';
import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { Button } from '../../../components/button';
import { Field, FormStack, Input } from '../../../components/field';
import { focusFirstInvalid } from '../../../lib/focus';
import { fieldErrors } from '../../../lib/form-errors';
import { useRegisterMutation } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { useAuthSubmit } from '../lib/use-auth-submit';

export function SignupRoute() {
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  /** Each field's problem, shown under it as the bet form does. */
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [register, { isLoading }] = useRegisterMutation();
  const { submit, signedIn, alreadySignedIn } = useAuthSubmit({
    successTitle: 'Welcome!',
    successDescription: 'Your account has been created successfully.',
    failureTitle: 'Registration Failed',
    failureFallback: 'Registration failed',
  });

  if (alreadySignedIn) return <Navigate to="/" replace />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = registerBody.safeParse({ email, password, username });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      focusFirstInvalid(form);
      return;
    }
    setErrors({});
    void submit(() => register(parsed.data).unwrap());
  };

  return (
    <AuthCard
      title="Create Account"
      subtitle="Start tracking your bets in minutes"
      links={
        <>
          <p>
            Already have an account? <Link to="/login">Sign in</Link>
          </p>
          <Link to="/landing">Back to home</Link>
        </>
      }
    >
      <FormStack onSubmit={onSubmit} noValidate aria-label="Create account">
        <Field label="Email" error={errors.email}>
          {(props) => (
            <Input
              {...props}
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <Field label="Username (optional)" error={errors.username}>
          {(props) => (
            <Input
              {...props}
              autoComplete="username"
              placeholder="Your display name"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
          )}
        </Field>
        <Field label="Password" error={errors.password}>
          {(props) => (
            <Input
              {...props}
              type="password"
              autoComplete="new-password"
              placeholder="Min 6 characters"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" size="lg" disabled={isLoading || signedIn}>
          {isLoading ? 'Creating account...' : 'Create Account'}
        </Button>
      </FormStack>
    </AuthCard>
  );
}
