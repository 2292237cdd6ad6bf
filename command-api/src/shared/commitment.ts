import { randomBytesPooled } from '@bt/platform';

/** A transparency-log commitment's salt: 32 random bytes, hex (drawn by a route, never in `decide`). */
export const newCommitmentSalt = (): string => randomBytesPooled(32).toString('hex');

/** The event's `commitmentSalt` when the command has one (an imported row has none, and gets no leaf). */
export const saltOf = (data: { commitmentSalt?: string }): { commitmentSalt?: string } =>
  data.commitmentSalt === undefined ? {} : { commitmentSalt: data.commitmentSalt };
