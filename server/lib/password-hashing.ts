/**
 * Argon2id with OWASP's minimum parameters (m=19 MiB, t=2, p=1), on every host: natively on the
 * server (passwords.ts, @node-rs/argon2), in WebAssembly in the demo (passwords.wasm.ts).
 */
export const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** What a host's password module offers (passwords.ts and passwords.wasm.ts both). */
export interface PasswordHashing {
  hashPassword(password: string): Promise<string>;
  /** false for a wrong password and for a hash it cannot read */
  verifyPassword(passwordHash: string, password: string): Promise<boolean>;
  /**
   * A real hash of a random string: unknown accounts are verified against it so that a wrong
   * e-mail costs the same time as a wrong password.
   */
  getDummyHash(): Promise<string>;
}

/** `getDummyHash` for a host's hash function: computed once, on first use. */
export function dummyHashFor(hashPassword: PasswordHashing['hashPassword']): PasswordHashing['getDummyHash'] {
  let dummy: Promise<string> | null = null;
  return () => (dummy ??= hashPassword(`dummy-${Math.random()}-${Date.now()}`));
}
