// The app's CSP forbids eval. Without `jitless`, zod probes `new Function('')` while the contracts'
// schemas are built; the probe's error is caught, but the browser still reports a CSP violation.
// Set where zod keeps its configuration (`globalThis.__zod_globalConfig`, shared by every copy of
// zod on the page) before zod loads, rather than through `config()`: importing zod for that put
// its core in the entry, which the landing page loads and never uses. e2e/csp.test.ts fails if it
// stops working. Imported first by main.tsx.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
