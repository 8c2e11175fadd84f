import { argon2Verify, argon2id } from 'hash-wasm';
import { randomBytes } from './tokens';
import { ARGON2_OPTIONS, dummyHashFor, type PasswordHashing } from './password-hashing';

/**
 * Argon2id in WebAssembly (hash-wasm), for hosts where the native @node-rs/argon2 cannot load:
 * the demo's API in the browser (vite.demo.config.ts puts this module in place of passwords.ts).
 * Same parameters and the same PHC strings, so either verifies the other's hashes
 * (passwords.test.ts).
 */
export const hashPassword: PasswordHashing['hashPassword'] = (password) =>
  argon2id({
    password,
    salt: randomBytes(16),
    iterations: ARGON2_OPTIONS.timeCost,
    memorySize: ARGON2_OPTIONS.memoryCost,
    parallelism: ARGON2_OPTIONS.parallelism,
    hashLength: 32,
    outputType: 'encoded',
  });

export const verifyPassword: PasswordHashing['verifyPassword'] = async (passwordHash, password) => {
  try {
    return await argon2Verify({ password, hash: passwordHash });
  } catch {
    return false;
  }
};

export const getDummyHash = dummyHashFor(hashPassword);
