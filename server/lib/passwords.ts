import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id with OWASP's minimum parameters (m=19 MiB, t=2, p=1). Argon2id is the library's default
 * algorithm; it is not named here because the `Algorithm` const enum cannot be imported under
 * isolatedModules.
 */
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;
/**
 * A real hash of a random string: unknown accounts are verified against it so that a wrong
 * e-mail costs the same time as a wrong password.
 */
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}-${Date.now()}`);
  return dummyHash;
}
