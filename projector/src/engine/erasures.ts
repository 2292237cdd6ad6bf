import type { RecordedEvent } from '@bt/event-store';
import { userOf } from '@bt/read-models';

/** The event that erases a user (contracts' AccountDeleted; DESIGN "Deleting an account"). */
const ACCOUNT_DELETED = 'AccountDeleted';

/**
 * The users whose AccountDeleted a projection saw. Every batch is screened through `screen` before
 * it is folded: the AccountDeleted itself is folded by no read model, and any later event of such a
 * user is skipped (a write that passed its session check just before the deletion must not bring
 * them back). Their rows, those this batch writes included, are deleted by the caller after the
 * batch's other changes, in its transaction (`take`, then read-models' eraseUsers).
 */
export class Erasures {
  private readonly erased = new Set<string>();
  private pending: string[] = [];

  /** The events to fold: all but AccountDeleted and what comes after it of the user it names. */
  screen(events: readonly RecordedEvent[]): readonly RecordedEvent[] {
    if (this.erased.size === 0 && !events.some((e) => e.type === ACCOUNT_DELETED)) return events;
    return events.filter((event) => {
      const userId = userOf(event);
      if (userId === undefined) return true;
      if (event.type === ACCOUNT_DELETED && !this.erased.has(userId)) {
        this.erased.add(userId);
        this.pending.push(userId);
      }
      return !this.erased.has(userId);
    });
  }

  /** Those erased since the last take: delete their rows. */
  take(): string[] {
    return this.pending.splice(0);
  }

  /** Every user erased so far (a rebuild erases them once more before its swap). */
  all(): string[] {
    return [...this.erased];
  }
}
