import { writeFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Loaded (`--import`) into the import bench's child process: on SIGUSR2 a full garbage collection,
 * then the heap V8 still uses (bytes) written to BENCH_GC_FILE. The bench tells by it what the
 * process holds from heap V8 had not yet collected.
 */
const file = process.env.BENCH_GC_FILE;
if (file) {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  process.on('SIGUSR2', () => {
    gc();
    writeFileSync(file, String(process.memoryUsage().heapUsed));
  });
}
