import { hash, verify } from '@node-rs/argon2';
import { ARGON2_OPTIONS, dummyHashFor, type PasswordHashing } from './password-hashing';

/**
 * Password hashing on the server: native argon2id (@node-rs/argon2; Argon2id is its default
 * algorithm, not named because the `Algorithm` const enum cannot be imported under
 * isolatedModules). The demo's browser host uses passwords.wasm.ts, same parameters and hashes.
 */
export const hashPassword: PasswordHashing['hashPassword'] = (password) => hash(password, ARGON2_OPTIONS);

export const verifyPassword: PasswordHashing['verifyPassword'] = async (passwordHash, password) => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

export const getDummyHash = dummyHashFor(hashPassword);
