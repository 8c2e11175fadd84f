import { findTextProblem, TEXT_PROBLEM_MESSAGES, textProblemMessage, withoutRefusedCharacters } from '../../domain/text';
import { ApiError } from './errors';

/** The message key of a NUL character (locales/<lng>/translation.json). */
export const NUL_MESSAGE = TEXT_PROBLEM_MESSAGES.nul;

/** A string in a request holding a character the text rule refuses: 400 VALIDATION_ERROR naming where it was and what. */
export const textRefused = (field: string, message: string) =>
  new ApiError(400, 'VALIDATION_ERROR', message === NUL_MESSAGE ? 'The request holds a NUL character' : 'The request holds a character that is not allowed', { [field || '_']: message });

/** A NUL character in a request: 400 VALIDATION_ERROR naming where it was. */
export const nulRefused = (field: string) => textRefused(field, NUL_MESSAGE);

const cleanKey = withoutRefusedCharacters;

/**
 * Walks every string (and object key) in `value`, depth first with a stack of its own (a deeply
 * nested body never overflows the call stack), and answers the first refused: its dotted path
 * under `prefix` (`answers.title`, `items.0.externalItemId`) and the text rule's message
 * (domain/text.ts, line breaks allowed: a field that must fit on one line says so in its schema).
 * When `normalize` is set, each string of an object or array is put in NFC in place.
 */
export function findRefusedText(value: unknown, prefix = '', normalize = false): { field: string; message: string } | null {
  if (typeof value === 'string') {
    const found = findTextProblem(value);
    return found ? { field: prefix, message: textProblemMessage(found) } : null;
  }
  const stack: Array<[unknown, string]> = [[value, prefix]];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i += 1) {
        const item = current[i];
        const at = path ? `${path}.${i}` : String(i);
        if (typeof item === 'string') {
          const found = findTextProblem(item);
          if (found) return { field: at, message: textProblemMessage(found) };
          if (normalize) current[i] = item.normalize('NFC');
        } else stack.push([item, at]);
      }
    } else if (current !== null && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      const record = current as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        const at = path ? `${path}.${cleanKey(key)}` : cleanKey(key);
        const keyProblem = findTextProblem(key);
        if (keyProblem) return { field: at, message: textProblemMessage(keyProblem) };
        const item = record[key];
        if (typeof item === 'string') {
          const found = findTextProblem(item);
          if (found) return { field: at, message: textProblemMessage(found) };
          if (normalize && !isAsciiOnly(item)) record[key] = item.normalize('NFC');
        } else stack.push([item, at]);
      }
    }
  }
  return null;
}

const isAsciiOnly = (text: string) => /^\p{ASCII}*$/u.test(text);

/** Where in `value` a string (or an object key) holds a NUL, as a dotted path under `prefix`, or null. */
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
