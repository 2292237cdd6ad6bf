/**
 * `npm run bench [-- section ...]`: sections rebuild, reads, analytics, pages, writes, throttle, web, import, live, replay, catchup (default: all).
 * The command line is read first (command-line.ts), then the bench's code loads and runs (measure.ts):
 * `--help` or a wrong section answers at once.
 */
import './command-line';

await import('./measure');
