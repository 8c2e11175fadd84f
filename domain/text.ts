import { z } from 'zod';
import { maxLengthMessage, messageWith } from './messages';

/**
 * The one text rule (DESIGN §5 "Input"): what characters a text may hold, how it is normalized
 * and how long it may be. The server-wide guard (server/plugins/input-guard.ts) holds every
 * string of every request to the characters; each text field's schema (`textField`) adds its
 * length, its trimming, NFC and whether it may span lines. A file's name has its own rule on the
 * same characters (`cleanFileName`).
 *
 * Refused everywhere:
 * - NUL (U+0000): PostgreSQL cannot store it in text;
 * - the other C0 controls and DEL (U+0001–U+001F, U+007F) but tab, line feed and carriage return,
 *   and the C1 controls (U+0080–U+009F): a terminal escape or a bell in a name reaches logs,
 *   CSVs and e-mails as sent;
 * - bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): `invoice\u202Efdp.png`
 *   shows as "invoicegnp.pdf";
 * - a lone surrogate: not a character, and UTF-8 cannot carry it.
 * Tab, line feed and carriage return only where a field spans lines (`multiline`).
 */
export type TextProblem = 'nul' | 'control' | 'bidi' | 'lineBreak';

/** The message key of each problem (locales/<lng>/translation.json `validation.*`). */
export const TEXT_PROBLEM_MESSAGES: Record<TextProblem, string> = {
  nul: 'validation.nulCharacter',
  control: 'validation.controlCharacter',
  bidi: 'validation.bidiCharacter',
  lineBreak: 'validation.lineBreak',
};

/** The first character `value` may not hold, with its code point; null when it is clean. */
export function findTextProblem(value: string, multiline = true): { problem: TextProblem; codePoint: number } | null {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code >= 0x20 && code < 0x7f) continue;
    if (code === 0) return { problem: 'nul', codePoint: 0 };
    if (code === 0x09 || code === 0x0a || code === 0x0d) {
      if (multiline) continue;
      return { problem: 'lineBreak', codePoint: code };
    }
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return { problem: 'control', codePoint: code };
    if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return { problem: 'bidi', codePoint: code };
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i += 1;
        continue;
      }
      return { problem: 'control', codePoint: code };
    }
    if (code >= 0xdc00 && code <= 0xdfff) return { problem: 'control', codePoint: code };
  }
  return null;
}

/** `value` without the characters the rule refuses anywhere (what names a refused field in an error: its own text, cleaned). */
export function withoutRefusedCharacters(value: string): string {
  let out = '';
  for (const character of value) if (findTextProblem(character) === null) out += character;
  return out;
}

/** `U+001B`: how a message names a character that cannot be shown. */
export const codePointLabel = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;

/** The message of a text's problem, naming the character: `validation.controlCharacter?char=U+001B`. */
export function textProblemMessage(found: { problem: TextProblem; codePoint: number }): string {
  return found.problem === 'nul' ? TEXT_PROBLEM_MESSAGES.nul : messageWith(TEXT_PROBLEM_MESSAGES[found.problem], { char: codePointLabel(found.codePoint) });
}

/** The message of `value`'s problem, or null when it is clean. */
export function textMessage(value: string, multiline = true): string | null {
  const found = findTextProblem(value, multiline);
  return found ? textProblemMessage(found) : null;
}

export interface TextFieldOptions {
  /** The longest text, after trimming and NFC. */
  max: number;
  /** The shortest (default 1: a required text is not blank); 0 takes an empty text. */
  min?: number;
  /** Tab and line breaks allowed (a description, a message). */
  multiline?: boolean;
  /** The message when the value is missing or not a string (default `validation.invalid`, `validation.required` when missing). */
  invalid?: string;
}

const REQUIRED = 'validation.required';

/**
 * A text field's schema: a string, trimmed, in NFC, holding no character the rule refuses (a
 * line break only when `multiline`), `min` to `max` characters. The JSON Schema the OpenAPI
 * document shows states the length (`maxLength`), so a client knows the limit before sending.
 */
export function textField({ max, min = 1, multiline = false, invalid = 'validation.invalid' }: TextFieldOptions) {
  let schema = z
    .string({ error: (issue) => (issue.input === undefined ? REQUIRED : invalid) })
    .trim()
    .normalize('NFC')
    .superRefine((value, ctx) => {
      const message = textMessage(value, multiline);
      if (message) ctx.addIssue({ code: 'custom', message, abort: true });
    });
  if (min > 0) schema = schema.min(min, min === 1 ? REQUIRED : messageWith('validation.minLength', { min }));
  return schema.max(max, maxLengthMessage(max));
}

/** A text field that may be left out or empty (`""` stays `""`). */
export const optionalTextField = (options: Omit<TextFieldOptions, 'min'>) => textField({ ...options, min: 0 }).optional();

// ---------------------------------------------------------------- file names

/** The longest file name kept (the extension is kept whole; the stem is cut). */
export const FILE_NAME_MAX = 180;

/**
 * The name a file is stored and shown under: the text rule's characters refused (`message`), then
 * NFC, only the last segment of a path (`/` and `\` are separators), every `..` run collapsed,
 * leading dots and spaces dropped, at most FILE_NAME_MAX characters with the extension kept; a
 * name left empty becomes `file`. The stored name never reaches a file system (files live under
 * keys of their own, lib/files.ts), but it is shown, exported and sent in Content-Disposition.
 */
export function cleanFileName(name: string): { name: string } | { message: string } {
  const message = textMessage(name, false);
  if (message) return { message };
  const base = name.normalize('NFC').split(/[\\/]/).pop() ?? '';
  let clean = base.replace(/\.{2,}/g, '.').replace(/^[\s.]+/, '').trim();
  if (clean.length > FILE_NAME_MAX) {
    const dot = clean.lastIndexOf('.');
    const extension = dot > 0 && clean.length - dot <= 16 ? clean.slice(dot) : '';
    clean = clean.slice(0, FILE_NAME_MAX - extension.length).trimEnd() + extension;
  }
  return { name: clean || 'file' };
}
