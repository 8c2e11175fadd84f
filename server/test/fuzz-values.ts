import { createHash, randomUUID } from 'node:crypto';
import fc from 'fast-check';

/**
 * Hostile values for the OpenAPI fuzz (server/fuzz.test.ts). A generated value is a small
 * description (`Hostile`), made into the real value only when the request is built: fast-check
 * prints the description of a counterexample, never a 10,000-character string or 5,000 nested
 * arrays.
 */
export type Hostile =
  | { kind: 'string'; value: string }
  | { kind: 'repeat'; char: string; length: number }
  | { kind: 'number'; value: number }
  | { kind: 'json'; value: unknown }
  | { kind: 'deep'; depth: number; of: 'array' | 'object' }
  | { kind: 'uuid'; value: string };

/** NUL, C0, C1, bidi overrides and isolates, lone surrogates, a BOM, a decomposed accent. */
export const SPECIAL_CHARS = ['\u0000', '\u0001', '\u001b', '\u0007', '\u007f', '\u0085', '\u009b', '\u202e', '\u2066', '\u2069', '\ud800', '\udfff', '\ufeff', 'e\u0301', '\r\n', '\t'];

const SPECIAL_STRINGS = [
  'a\u0000b',
  '\u0000',
  'x\u0001y',
  '\u001b[31mred',
  'bell\u0007',
  'next\u0085line',
  'csi\u009b1m',
  'abc\u202efdp.exe',
  '\u2066isolate\u2069',
  'lone\ud800',
  '\udfff',
  '\udc00\ud800',
  '2026-02-31',
  '2026-13-01',
  '24:00',
  '2026-02-29T25:61:00Z',
  '0000-00-00',
  '9999-12-31T23:59:59.999Z',
  '-1',
  '0.5',
  '1e308',
  'NaN',
  'Infinity',
  '-Infinity',
  '9223372036854775808',
  '',
  ' ',
  '  padded  ',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%00',
  'null',
  '[]',
  '{}',
  '00000000-0000-0000-0000-000000000000',
  '\ufeffbom',
];

const strings: fc.Arbitrary<Hostile> = fc.oneof(
  fc.constantFrom(...SPECIAL_STRINGS).map((value) => ({ kind: 'string' as const, value })),
  fc.string({ unit: fc.constantFrom(...SPECIAL_CHARS, 'a', 'Z', '7', '-', ' ', '/', '"', '\\'), maxLength: 12 }).map((value) => ({ kind: 'string' as const, value })),
);

const long: fc.Arbitrary<Hostile> = fc.record({ kind: fc.constant('repeat' as const), char: fc.constantFrom('a', '7', '\u0000', '\u202e', 'é'), length: fc.constantFrom(10_000, 10_001) });

const numbers: fc.Arbitrary<Hostile> = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, -0.5, 1.000001, 1e308, -1e308, 2 ** 63, -(2 ** 63), 2 ** 53 + 2, 2 ** 31, 4_294_967_296, 5e-324).map((value) => ({ kind: 'number' as const, value })),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => ({ kind: 'number' as const, value })),
  fc.integer().map((value) => ({ kind: 'number' as const, value })),
);

const wrongTypes: fc.Arbitrary<Hostile> = fc
  .constantFrom<unknown>(null, true, false, {}, [], [1, 'a', null], { a: { b: { c: 1 } } }, JSON.parse('{"__proto__":{"polluted":true}}'), { constructor: { prototype: { polluted: true } } }, ['\u0000'], [{}])
  .map((value) => ({ kind: 'json' as const, value }));

const deep: fc.Arbitrary<Hostile> = fc.record({ kind: fc.constant('deep' as const), depth: fc.constantFrom(5_000, 1_000), of: fc.constantFrom('array' as const, 'object' as const) });

/** Any hostile value: bad text, long text, bad numbers, the wrong type, deep nesting. */
export const hostile: fc.Arbitrary<Hostile> = fc.oneof({ weight: 5, arbitrary: strings }, { weight: 1, arbitrary: long }, { weight: 3, arbitrary: numbers }, { weight: 2, arbitrary: wrongTypes }, { weight: 1, arbitrary: deep });

const DEEP_MARK = '\u0000__fuzz_deep__';

/** The value to put in a JSON body (deep nesting stays a marker that `toJson` expands). */
export function materialize(h: Hostile): unknown {
  switch (h.kind) {
    case 'string':
    case 'uuid':
      return h.value;
    case 'repeat':
      return h.char.repeat(h.length);
    case 'number':
      return h.value;
    case 'json':
      return h.value;
    case 'deep':
      return `${DEEP_MARK}${h.of}:${h.depth}`;
  }
}

/** 5,000 levels, built iteratively (as text: nothing here recurses). */
export function deepText(of: 'array' | 'object', depth: number): string {
  return of === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** JSON text of a body holding materialized values, deep markers expanded. */
export function toJson(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.replace(/"\\u0000__fuzz_deep__(array|object):(\d+)"/g, (_all, of: 'array' | 'object', depth: string) => deepText(of, Number(depth)));
}

/** The text of a query or path value. */
export function asText(h: Hostile): string {
  if (h.kind === 'deep') return deepText(h.of, h.depth);
  const value = materialize(h);
  return typeof value === 'string' ? value : toJson(value);
}

/**
 * Percent-encodes any UTF-16 text, lone surrogates included (as the three bytes a careless
 * encoder would send, ED A0 80…: invalid UTF-8), where encodeURIComponent throws.
 */
export function encodeAny(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    const isHigh = unit >= 0xd800 && unit <= 0xdbff;
    const isLow = unit >= 0xdc00 && unit <= 0xdfff;
    if (isHigh && i + 1 < text.length && text.charCodeAt(i + 1) >= 0xdc00 && text.charCodeAt(i + 1) <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i += 1;
    } else if (isHigh || isLow) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(text[i]);
    }
  }
  return out;
}

/** Raw query fragments no encoder makes: broken escapes, invalid UTF-8, overlong NUL. */
export const RAW_ESCAPES = ['%', '%zz', '%FF%FE', '%C0%80', '%00', '%ED%A0%80', '%E2%80%AE', '%C2%85'];

/** Malformed JSON bodies, sent as they are with content-type application/json. */
export const MALFORMED_JSON = [
  '{"a":',
  '{"a":1}}',
  '{a:1}',
  "{'a':1}",
  '',
  ' ',
  '\u0000',
  'nul',
  '\ufeff{}',
  '{"a":1,"a":2}',
  '[1,2,',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":1e999}',
  '{"a":-}',
  '{"a":01}',
  '"just a string"',
  '123',
  'true',
  '{"__proto__":{"isAdmin":true}}',
  deepText('array', 5_000),
  '['.repeat(5_000),
];

// ---- baselines: a value the schema accepts, so that one hostile field gets past the others ----

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
}

const CANDIDATES = ['Fuzz', 'FUZZ1', 'fuzz', 'F1', '1', '12', 'A', 'IT', 'it', '+39', '3330000000', '2026-03-15', '12:00', 'https://example.com', 'ASC', 'ab12', 'FUZZ-1'];

function matches(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    try {
      return new RegExp(pattern).test(value);
    } catch {
      return true;
    }
  }
}

/**
 * Where a baseline's values come from: a field's real values by its name (a card's code, a store's
 * code, a company's id…), and the case's salt, so that the same case builds the same body.
 */
export interface BaselineSource {
  salt: number;
  /** a real value for a field of this name, or undefined */
  pick(key: string, salt: number): unknown;
}

const NO_SOURCE: BaselineSource = { salt: 0, pick: () => undefined };

/** A v4-shaped uuid from the salt and the field: the same case gives the same ids. */
export function saltedUuid(salt: number, key: string): string {
  const hex = createHash('sha256').update(`${salt}:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A plausible valid value for the schema (best effort: a pattern it cannot meet gives 'Fuzz'). */
export function baseline(schema: JsonSchema | undefined, key = '', source: BaselineSource = NO_SOURCE): unknown {
  if (!schema) return 'Fuzz';
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[source.salt % schema.enum.length];
  if (schema.anyOf?.length) return baseline(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0], key, source);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const real = type === 'object' || type === 'array' ? undefined : source.pick(key, source.salt);
  if (real !== undefined) return real;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of schema.required ?? []) out[name] = baseline(schema.properties?.[name], name, source);
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => baseline(schema.items, key, source));
    case 'integer':
    case 'number': {
      const low = typeof schema.minimum === 'number' ? schema.minimum + (schema.exclusiveMinimum === true ? 1 : 0) : 1;
      return Math.max(low, Math.min(1, schema.maximum ?? 1));
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    default: {
      if (schema.format === 'uuid') return saltedUuid(source.salt, key);
      if (schema.format === 'email') return `fuzz.${source.salt}.${key.toLowerCase()}@example.com`;
      if (schema.format === 'date') return '2026-03-15';
      if (schema.format === 'date-time') return '2026-03-15T10:00:00.000Z';
      if (schema.format === 'uri') return 'https://example.com/fuzz';
      const fits = (value: string) => (!schema.pattern || matches(schema.pattern, value)) && value.length >= (schema.minLength ?? 0) && value.length <= (schema.maxLength ?? Infinity);
      return CANDIDATES.find(fits) ?? (/password/i.test(key) ? 'Fuzz-Passw0rd!' : 'Fuzz');
    }
  }
}

/** A schema that says nothing (a body the converter could not describe). */
export function isOpaque(schema: JsonSchema | null): boolean {
  return !schema || (!schema.type && !schema.anyOf && !schema.properties && !schema.enum);
}

/** Every field path of a body schema (nested objects and the first item of arrays), for mutations. */
export function fieldPaths(schema: JsonSchema | undefined, prefix: string[] = [], depth = 0): string[][] {
  if (!schema || depth > 4) return [];
  if (schema.anyOf?.length) return schema.anyOf.flatMap((s) => fieldPaths(s, prefix, depth + 1)).filter((p, i, all) => all.findIndex((q) => q.join('.') === p.join('.')) === i);
  const out: string[][] = [];
  if (schema.properties) {
    for (const [name, child] of Object.entries(schema.properties)) {
      out.push([...prefix, name]);
      out.push(...fieldPaths(child, [...prefix, name], depth + 1));
    }
  }
  if (schema.items) {
    out.push([...prefix, '0']);
    out.push(...fieldPaths(schema.items, [...prefix, '0'], depth + 1));
  }
  return out;
}

/** Puts `value` at `path` in a copy of `root`, making the objects and arrays on the way. */
export function setPath(root: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const isIndex = /^\d+$/.test(head);
  const base = root !== null && typeof root === 'object' ? root : isIndex ? [] : {};
  const copy: Record<string, unknown> | unknown[] = Array.isArray(base) ? [...base] : { ...(base as Record<string, unknown>) };
  const current = (copy as Record<string, unknown>)[head];
  if (Array.isArray(copy) && isIndex) copy[Number(head)] = setPath(current, rest, value);
  else Object.defineProperty(copy, head, { value: setPath(current, rest, value), enumerable: true, writable: true, configurable: true });
  return copy;
}

// ---- multipart ----

export type MultipartCase = {
  variant: 'oversize' | 'badNameUtf8' | 'badFieldUtf8' | 'hostileName' | 'truncated' | 'noFile' | 'twoFiles' | 'emptyFile' | 'badBoundary' | 'plain';
  content: 'png' | 'jpeg' | 'csv' | 'pdf' | 'random';
  name: Hostile;
};

export const multipartCase: fc.Arbitrary<MultipartCase> = fc.record({
  variant: fc.constantFrom('oversize', 'badNameUtf8', 'badFieldUtf8', 'hostileName', 'truncated', 'noFile', 'twoFiles', 'emptyFile', 'badBoundary', 'plain'),
  content: fc.constantFrom('png', 'jpeg', 'csv', 'pdf', 'random'),
  name: hostile,
});

/** Over the 5 MB limit (domain/constants MAX_UPLOAD_BYTES) by one byte. */
export const OVERSIZE_BYTES = 5 * 1024 * 1024 + 1;

function fileBytes(content: MultipartCase['content'], size?: number): Buffer {
  const head = {
    png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]),
    csv: Buffer.from('code;name;category\nS1;Store\u0000one;RETAIL\n\ufeffS2;"\u202eevil";RETAIL\n', 'utf8'),
    pdf: Buffer.from('%PDF-1.4\n%\xe2\xe3\n'),
    random: Buffer.from([0xff, 0xfe, 0x00, 0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1]),
  }[content];
  if (size === undefined) return head;
  const out = Buffer.alloc(size, 0x41);
  head.copy(out);
  return out;
}

/** A multipart/form-data payload (built by hand: invalid UTF-8 and broken framing included). */
export function multipartPayload(c: MultipartCase): { payload: Buffer; contentType: string } {
  const boundary = `----fuzz${randomUUID().replace(/-/g, '')}`;
  const crlf = '\r\n';
  const parts: Buffer[] = [];
  const filePart = (filename: Buffer, data: Buffer, field = 'file') =>
    Buffer.concat([
      Buffer.from(`--${boundary}${crlf}Content-Disposition: form-data; name="${field}"; filename="`),
      filename,
      Buffer.from(`"${crlf}Content-Type: ${c.content === 'csv' ? 'text/csv' : c.content === 'jpeg' ? 'image/jpeg' : c.content === 'pdf' ? 'application/pdf' : 'image/png'}${crlf}${crlf}`),
      data,
      Buffer.from(crlf),
    ]);
  const fieldPart = (name: Buffer, value: Buffer) => Buffer.concat([Buffer.from(`--${boundary}${crlf}Content-Disposition: form-data; name="`), name, Buffer.from(`"${crlf}${crlf}`), value, Buffer.from(crlf)]);
  const ext = c.content === 'csv' ? '.csv' : c.content === 'jpeg' ? '.jpg' : '.png';
  const plainName = Buffer.from(`fuzz${ext}`);
  switch (c.variant) {
    case 'oversize':
      parts.push(filePart(plainName, fileBytes(c.content, OVERSIZE_BYTES)));
      break;
    case 'badNameUtf8':
      parts.push(filePart(Buffer.concat([Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]), Buffer.from(ext)]), fileBytes(c.content)));
      break;
    case 'badFieldUtf8':
      parts.push(fieldPart(Buffer.from([0x6e, 0xff, 0x6d]), Buffer.from([0xc3, 0x28, 0xa0, 0xa1, 0xff, 0x00])));
      parts.push(filePart(plainName, fileBytes(c.content)));
      break;
    case 'hostileName':
      parts.push(filePart(Buffer.from(asText(c.name).replace(/"/g, '%22').replace(/[\r\n]/g, ' ') + ext, 'utf8'), fileBytes(c.content)));
      break;
    case 'truncated':
      return { payload: Buffer.concat([filePart(plainName, fileBytes(c.content)).subarray(0, 60)]), contentType: `multipart/form-data; boundary=${boundary}` };
    case 'noFile':
      parts.push(fieldPart(Buffer.from('file'), Buffer.from(asText(c.name), 'utf8')));
      break;
    case 'twoFiles':
      parts.push(filePart(plainName, fileBytes(c.content)), filePart(plainName, fileBytes(c.content), 'other'));
      break;
    case 'emptyFile':
      parts.push(filePart(plainName, Buffer.alloc(0)));
      break;
    case 'badBoundary':
      return { payload: Buffer.concat([filePart(plainName, fileBytes(c.content)), Buffer.from(`--${boundary}--${crlf}`)]), contentType: 'multipart/form-data; boundary=' };
    case 'plain':
      parts.push(filePart(plainName, fileBytes(c.content)));
      break;
  }
  parts.push(Buffer.from(`--${boundary}--${crlf}`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A description of a value for a failure message: long text and deep nesting summed up. */
export function describeValue(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  const shown = text.length > 300 ? `${text.slice(0, 120)}…(${text.length} chars)…${text.slice(-40)}` : text;
  return JSON.stringify(shown);
}
