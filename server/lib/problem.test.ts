import { STATUS_CODES as NODE_STATUS_CODES } from 'node:http';
import { describe, expect, it } from 'vitest';
import { STATUS_CODES } from './problem';

describe('problem titles', () => {
  it("are Node's reason phrases, for every status the API answers", () => {
    for (const [status, phrase] of Object.entries(STATUS_CODES)) expect(phrase, status).toBe(NODE_STATUS_CODES[status]);
    for (const status of [400, 401, 403, 404, 409, 413, 415, 422, 429, 500]) expect(STATUS_CODES[status], String(status)).toBeDefined();
  });
});
