import process from 'node:process';

/**
 * The image's HEALTHCHECK (`node launcher/dist/healthcheck.js`): asks the service in this container
 * on PORT for HEALTHCHECK_PATH (default `/livez`). Any answer below 500 means its event loop
 * serves requests; a 5xx, a refused connection or no answer within 4 s means it does not.
 */
const port = process.env.PORT ?? '8080';
const path = process.env.HEALTHCHECK_PATH ?? '/livez';

try {
  const answer = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(4_000) });
  process.exitCode = answer.status < 500 ? 0 : 1;
  if (process.exitCode) console.error(`healthcheck: ${path} answered ${answer.status}`);
} catch (error) {
  console.error(`healthcheck: ${path}: ${(error as Error).message}`);
  process.exitCode = 1;
}
