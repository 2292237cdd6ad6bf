import { firstMessage, forgotPasswordBody } from '@bt/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { Field, FormStack, Input } from '../../../components/field';
import { isHttpError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useForgotPasswordMutation } from '../api/password-reset-api';
import { AuthCard } from '../components/auth-card';

const Sent = styled.p`
  text-align: center;
  line-height: 1.5;
`;

/**
 * "Forgot password?": asks for the e-mail; the server answers the same whether or not an account
 * uses it, and so does this screen (its words, in place of the form).
 */
export function ForgotPasswordRoute() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string>();
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = forgotPasswordBody.safeParse({ email });
    if (!parsed.success) {
      toast({ variant: 'destructive', title: 'Validation Error', description: firstMessage(parsed.error) });
      return;
    }
    try {
      setSent((await forgotPassword(parsed.data).unwrap()).message);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Request Failed',
        description: isHttpError(error) ? (error.serverMessage ?? 'Failed to send the reset link') : 'An error occurred',
      });
    }
  };

  return (
    <AuthCard
      title="Forgot Password"
      subtitle={sent ? 'Check your e-mail' : "Enter your account's e-mail and we'll send you a link to set a new password"}
      links={
        <>
          <p>
            Remembered it? <Link to="/login">Sign in</Link>
          </p>
          <Link to="/landing">Back to home</Link>
        </>
      }
    >
      {sent ? (
        <Sent role="status">{sent}</Sent>
      ) : (
        <FormStack onSubmit={onSubmit} noValidate aria-label="Forgot password">
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
          <Button type="submit" size="lg" disabled={isLoading}>
            {isLoading ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </FormStack>
      )}
    </AuthCard>
  );
}
