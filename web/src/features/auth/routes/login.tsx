import { firstMessage, loginBody } from '@bt/contracts';
import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { Field, FormStack, Input } from '../../../components/field';
import { SESSION_ENDED_MESSAGE, sessionEndedElsewhere } from '../../../lib/return-to';
import { toast } from '../../../lib/toast';
import { useLoginMutation } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { useAuthSubmit } from '../lib/use-auth-submit';

/** Why the visitor is here when they did not sign out themselves. */
const Notice = styled.p`
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.warningSurface};
  color: ${({ theme }) => theme.colors.text};
  font-size: 0.875rem;
`;

export function LoginRoute() {
  const [endedElsewhere] = useState(sessionEndedElsewhere);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [login, { isLoading }] = useLoginMutation();
  const { submit, signedIn, alreadySignedIn } = useAuthSubmit({
    successTitle: 'Success!',
    successDescription: 'You have been logged in successfully.',
    failureTitle: 'Login Failed',
    failureFallback: 'Login failed',
  });

  if (alreadySignedIn) return <Navigate to="/" replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginBody.safeParse({ email, password });
    if (!parsed.success) {
      toast({ variant: 'destructive', title: 'Validation Error', description: firstMessage(parsed.error) });
      return;
    }
    void submit(() => login(parsed.data).unwrap());
  };

  return (
    <AuthCard
      title="Welcome Back"
      subtitle="Sign in to your sports betting tracker"
      links={
        <>
          <Link to="/forgot-password">Forgot password?</Link>
          <p>
            Don&apos;t have an account? <Link to="/signup">Sign up</Link>
          </p>
          <Link to="/landing">Back to home</Link>
        </>
      }
    >
      {endedElsewhere && <Notice role="status">{SESSION_ENDED_MESSAGE}</Notice>}
      <FormStack onSubmit={onSubmit} noValidate aria-label="Sign in">
        <Field label="Email">
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
        <Field label="Password">
          {(props) => (
            <Input
              {...props}
              type="password"
              autoComplete="current-password"
              placeholder="Your password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" size="lg" disabled={isLoading || signedIn}>
          {isLoading ? 'Signing in...' : 'Sign In'}
        </Button>
      </FormStack>
    </AuthCard>
  );
}
