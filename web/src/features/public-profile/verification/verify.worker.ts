import { checkProfile, type CheckRequest } from './check-profile';

/** The verification's own thread: the page stays responsive while thousands of proofs are checked. */
const scope = self as unknown as { onmessage: ((event: MessageEvent<CheckRequest>) => void) | null; postMessage(message: unknown): void };

scope.onmessage = (event) => {
  checkProfile(event.data).then(
    (check) => scope.postMessage({ check }),
    (error: unknown) => scope.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
};
