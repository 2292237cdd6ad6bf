import type { AuthResponse } from '@bt/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isHttpError } from '../../../lib/api-error';
import { forgetReturnPath, takeReturnPath } from '../../../lib/return-to';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';

/** Spec 9: the redirect after login or signup waits about 100 ms (the toast shows first). */
const REDIRECT_DELAY_MS = 100;

interface Texts {
  successTitle: string;
  successDescription: string;
  failureTitle: string;
  /** Shown when a non-OK answer carries no message. */
  failureFallback: string;
}

/**
 * What login and signup share: store the session, toast, go to / (or the page kept by return-to.ts) after ~100 ms; on a non-OK
 * answer the server's message (else the fallback), on any other failure 'An error occurred'.
 * `signedIn` stays true once done, so the page does not bounce to / before the delay.
 */
export const useAuthSubmit = (texts: Texts) => {
  const session = useSession();
  const navigate = useNavigate();
  const [signedIn, setSignedIn] = useState(false);

  const submit = async (request: () => Promise<AuthResponse>) => {
    try {
      const { token, user } = await request();
      setSignedIn(true);
      session.signIn(token, user);
      toast({ title: texts.successTitle, description: texts.successDescription });
      // Back to the page they were on (or asked for) before signing in, else the dashboard.
      const returnTo = takeReturnPath();
      forgetReturnPath();
      window.setTimeout(() => navigate(returnTo), REDIRECT_DELAY_MS);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: texts.failureTitle,
        description: isHttpError(error) ? (error.serverMessage ?? texts.failureFallback) : 'An error occurred',
      });
    }
  };

  return { submit, signedIn, alreadySignedIn: session.status === 'authenticated' && !signedIn };
};
