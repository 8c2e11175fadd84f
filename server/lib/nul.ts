import { ApiError } from './errors';

/** The message key of a NUL character (locales/<lng>/translation.json). */
export const NUL_MESSAGE = 'validation.nulCharacter';

/** A NUL character in a request: 400 VALIDATION_ERROR naming where it was. */
export const nulRefused = (field: string) =>
  new ApiError(400, 'VALIDATION_ERROR', 'The request holds a NUL character', { [field || '_']: NUL_MESSAGE });

/**
 * Where in `value` a string (or an object key) holds a NUL, as a dotted path under `prefix`
 * (`answers.title`, `items.0.externalItemId`), or null. Walked with a stack of its own, not by
 * recursion: a deeply nested body never overflows the call stack.
 */
export function findNul(value: unknown, prefix = ''): string | null {
  const stack: Array<[unknown, string]> = [[value, prefix]];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i += 1) stack.push([current[i], path ? `${path}.${i}` : String(i)]);
    } else if (current !== null && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      for (const [key, item] of Object.entries(current)) {
        const at = path ? `${path}.${key.replaceAll('\u0000', '')}` : key.replaceAll('\u0000', '');
        if (key.includes('\u0000')) return at;
        stack.push([item, at]);
      }
    }
  }
  return null;
}
