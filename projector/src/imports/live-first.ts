/** How long a release's turn waits at most for the live batch in flight (see LiveFirst.turn). */
const MOST_WAIT_MS = 50;

/**
 * Live batches before a release (imports/release.ts) on the projector's one thread: the release
 * folds and writes in short slices, each after a turn, and a turn waits while a live batch is
 * being written. A release's slice that ran between a batch's round trips (1,000 events a slice, a
 * second's worth of fold under load) delayed every one of them: other users' writes became visible
 * hundreds of ms late while one user's import was released (the `fairness` bench).
 */
export class LiveFirst {
  private inFlight = 0;
  private readonly waiting = new Set<() => void>();

  /** Writes a live batch: the releases' turns wait until it ends. */
  async batch<T>(write: () => Promise<T>): Promise<T> {
    this.inFlight += 1;
    try {
      return await write();
    } finally {
      this.inFlight -= 1;
      // Before the intake starts its next batch: each batch's end gives a waiting release a slice.
      if (this.inFlight === 0) for (const go of [...this.waiting]) go();
    }
  }

  /**
   * Resolves on the next turn of the event loop when no live batch is being written, else once it
   * ends, or after MOST_WAIT_MS at the latest: a release never starves behind batches that follow
   * each other, and one whose rows a batch waits for in Postgres (an account erased meanwhile)
   * goes on to its commit rather than wait for that batch.
   */
  turn(): Promise<void> {
    if (this.inFlight === 0) return new Promise((resolve) => setImmediate(resolve));
    return new Promise((resolve) => {
      const go = () => {
        clearTimeout(timer);
        this.waiting.delete(go);
        resolve();
      };
      const timer = setTimeout(go, MOST_WAIT_MS);
      this.waiting.add(go);
    });
  }
}
