import argon2 from 'argon2';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a hash that cannot be read. */
  verify(hash: string, password: string): Promise<boolean>;
}

/** argon2id cost; the defaults are argon2's (m = 64 MiB, t = 3, p = 4). Tests lower them. */
export interface PasswordCost {
  memoryCost?: number;
  timeCost?: number;
  parallelism?: number;
}

export const argon2Hasher = (cost: PasswordCost = {}): PasswordHasher => ({
  hash: (password) => argon2.hash(password, { type: argon2.argon2id, ...cost }),
  verify: (hash, password) => argon2.verify(hash, password).catch(() => false),
});
