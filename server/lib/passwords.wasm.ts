import { argon2Verify, argon2id } from 'hash-wasm';
import { randomBytes } from './tokens';
import { ARGON2_OPTIONS, type PasswordHashing } from './password-hashing';

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

/**
 * A real hash (same parameters) of a random string nobody kept, made once when this was written:
 * computing one at start would cost the demo's first sign-in about as much again, single-threaded
 * in the worker, for a timing defence a demo on public sample data does not need.
 */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$CGJyGJMGGpwR2YBFri5RHQ$cYIN4aBlnfWsRAqQ+a7pT85fWIRDPxdLTKqpIZBJBGQ';
export const getDummyHash: PasswordHashing['getDummyHash'] = () => Promise.resolve(DUMMY_HASH);
