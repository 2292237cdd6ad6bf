/**
 * `npm run bench [-- section ...]`: sections rebuild, reads, analytics, pages, writes, throttle, web, import, live, fairness, replay, catchup, shredding, profile (default: all).
 * The command line is read first (command-line.ts), then the bench's code loads and runs (measure.ts):
 * `--help` or a wrong section answers at once.
 */
import './command-line';

// The bench prints its own table: a JSON line per request would drown it (LOG_LEVEL=info to see
// them). Set before the bench's code loads, so a logger made as a module loads reads it too.
process.env.LOG_LEVEL ??= 'warn';
await import('./measure');
