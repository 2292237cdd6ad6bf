import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DEFAULTS } from '@bt/contracts';
import type { CommandDatabase } from '../db/schema';

/** How long a link works. */
export const RESET_LINK_TTL_MS = DEFAULTS.passwordResetMinutes * 60_000;

/** Rows of links that ended this long ago are dropped as new links are made: nothing needs them. */
const KEEP_ENDED_MS = 24 * 60 * 60_000;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The links' tokens: 256 random bits (base64url, 43 characters), so one cannot be guessed, and
 * stored as their digest. Times come from the caller's clock, as every command's do.
 */
export const resetTokens = (db: Kysely<CommandDatabase>) => {
  return {
    /** A new link's token for `userId`, working until `now` + RESET_LINK_TTL_MS. Earlier links keep working. */
    async issue(userId: string, now: Date): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db
        .insertInto('command.password_resets')
        .values({ token_hash: digest(token), user_id: userId, created_at: now, expires_at: new Date(now.getTime() + RESET_LINK_TTL_MS) })
        .execute();
      await db
        .deleteFrom('command.password_resets')
        .where('expires_at', '<', new Date(now.getTime() - KEEP_ENDED_MS))
        .execute();
      return token;
    },

    /** The user a token's link resets, if it is unused and has not expired at `now`. */
    async holder(token: string, now: Date): Promise<string | undefined> {
      const row = await db
        .selectFrom('command.password_resets')
        .select('user_id')
        .where('token_hash', '=', digest(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row?.user_id;
    },

    /**
     * Uses the link up, if it still can be; its user, or undefined when another request used it
     * first (one UPDATE: of two concurrent uses, one wins).
     */
    async claim(token: string, now: Date): Promise<string | undefined> {
      const row = await db
        .updateTable('command.password_resets')
        .set({ used_at: now })
        .where('token_hash', '=', digest(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id;
    },

    /** Gives a claimed link back when the reset then failed (so the person can try again). */
    async unclaim(token: string): Promise<void> {
      await db.updateTable('command.password_resets').set({ used_at: null }).where('token_hash', '=', digest(token)).execute();
    },

    /** Closes every other open link of the user: a password was just set, so none of them is needed. */
    async closeOthers(userId: string, now: Date): Promise<void> {
      await db
        .updateTable('command.password_resets')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
    },
  };
};
export type ResetTokens = ReturnType<typeof resetTokens>;
