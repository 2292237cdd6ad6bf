import { config } from 'zod';

// The app's CSP forbids eval. Without `jitless`, zod probes `new Function('')` while the contracts'
// schemas are built; the probe's error is caught, but the browser still reports a CSP violation.
// Imported first by main.tsx, so it runs before any schema is made.
config({ jitless: true });
