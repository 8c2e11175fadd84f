import { describe, expect, it } from 'vitest';
import { cleanFileName, FILE_NAME_MAX, findTextProblem, optionalTextField, textField, textMessage } from './text';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('findTextProblem (issue 38: the one text rule)', () => {
  it('refuses NUL, C0 controls, DEL and C1 controls (U+0085 too), naming the code point', () => {
    expect(findTextProblem('a\u0000b')).toEqual({ problem: 'nul', codePoint: 0 });
    expect(findTextProblem('Ita\u001b[31mlia')).toEqual({ problem: 'control', codePoint: 0x1b });
    expect(findTextProblem('bell\u0007')).toEqual({ problem: 'control', codePoint: 7 });
    expect(findTextProblem('del\u007f')).toEqual({ problem: 'control', codePoint: 0x7f });
    expect(findTextProblem('next\u0085line')).toEqual({ problem: 'control', codePoint: 0x85 });
    expect(findTextProblem('csi\u009b')).toEqual({ problem: 'control', codePoint: 0x9b });
  });

  it('refuses bidi embeddings, overrides and isolates', () => {
    for (const code of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]) {
      expect(findTextProblem(`a${String.fromCharCode(code)}b`)).toEqual({ problem: 'bidi', codePoint: code });
    }
    // the marks (LRM, RLM) are not overrides: allowed
    expect(findTextProblem('a\u200eb\u200f')).toBeNull();
  });

  it('allows tab and line breaks only in a multi-line text', () => {
    for (const text of ['a\tb', 'a\nb', 'a\r\nb']) {
      expect(findTextProblem(text, true)).toBeNull();
      expect(findTextProblem(text, false)?.problem).toBe('lineBreak');
    }
    expect(findTextProblem('a\nb', false)).toEqual({ problem: 'lineBreak', codePoint: 0x0a });
  });

  it('refuses a lone surrogate, high or low, and takes a surrogate pair (an emoji)', () => {
    expect(findTextProblem('a\ud83d')).toEqual({ problem: 'control', codePoint: 0xd83d });
    expect(findTextProblem('\ud83dx')).toEqual({ problem: 'control', codePoint: 0xd83d });
    expect(findTextProblem('a\ude00b')).toEqual({ problem: 'control', codePoint: 0xde00 });
    expect(findTextProblem('ok 😀 👍🏽 Ωμέγα 東京 José')).toBeNull();
  });

  it('names the character in the message as U+XXXX, NUL alone', () => {
    expect(textMessage('x\u202ey')).toBe('validation.bidiCharacter?char=U%2B202E');
    expect(textMessage('x\u001by')).toBe('validation.controlCharacter?char=U%2B001B');
    expect(textMessage('x\ny', false)).toBe('validation.lineBreak?char=U%2B000A');
    expect(textMessage('x\u0000')).toBe('validation.nulCharacter');
    expect(textMessage('clean')).toBeNull();
  });
});

describe('textField', () => {
  const city = textField({ max: 40 });
  const note = textField({ max: 10, multiline: true });

  it('trims and puts the text in NFC', () => {
    expect(city.parse('  Torino  ')).toBe('Torino');
    const composed = city.parse('Jose\u0301');
    expect(composed).toBe('José');
    expect(composed).toBe('Jos\u00e9');
    expect(composed).toHaveLength(4);
  });

  it('is single-line unless multiline', () => {
    expect(messageOf(city.safeParse('Tor\nino'))).toBe('validation.lineBreak?char=U%2B000A');
    expect(messageOf(city.safeParse('Tor\tino'))).toBe('validation.lineBreak?char=U%2B0009');
    expect(note.parse('one\ntwo')).toBe('one\ntwo');
    expect(note.parse('a\tb')).toBe('a\tb');
    // trimming drops the outer line breaks of a single-line text, not the inner ones
    expect(city.parse('\nTorino\n')).toBe('Torino');
  });

  it('refuses the rule’s characters with the message naming them', () => {
    expect(messageOf(city.safeParse('Tor\u202eino'))).toBe('validation.bidiCharacter?char=U%2B202E');
    expect(messageOf(city.safeParse('Ita\u001b[31mlia\u0007'))).toBe('validation.controlCharacter?char=U%2B001B');
    expect(messageOf(note.safeParse('a\u0085b'))).toBe('validation.controlCharacter?char=U%2B0085');
    expect(messageOf(city.safeParse('a\ud800'))).toBe('validation.controlCharacter?char=U%2BD800');
    expect(city.parse('Roma 😀')).toBe('Roma 😀');
  });

  it('states its length with the repo’s messages: required, maxLength, invalid', () => {
    expect(messageOf(city.safeParse('x'.repeat(41)))).toBe('validation.maxLength?max=40');
    expect(city.parse('x'.repeat(40))).toHaveLength(40);
    // the length is counted after trimming and NFC: 40 letters typed decomposed fit
    expect(city.parse('e\u0301'.repeat(40))).toHaveLength(40);
    expect(messageOf(city.safeParse('   '))).toBe('validation.required');
    expect(messageOf(city.safeParse(undefined))).toBe('validation.required');
    expect(messageOf(city.safeParse(12))).toBe('validation.invalid');
    expect(messageOf(textField({ max: 5, invalid: 'validation.other' }).safeParse(12))).toBe('validation.other');
    expect(messageOf(textField({ max: 40, min: 3 }).safeParse('ab'))).toBe('validation.minLength?min=3');
  });

  it('optionalTextField takes absent and empty', () => {
    const optional = optionalTextField({ max: 5 });
    expect(optional.parse(undefined)).toBeUndefined();
    expect(optional.parse('  ')).toBe('');
    expect(messageOf(optional.safeParse('abcdef'))).toBe('validation.maxLength?max=5');
  });

  it('says its length in the JSON Schema (what the OpenAPI document shows)', () => {
    const schema = city.toJSONSchema({ io: 'input' }) as { type: string; maxLength: number; minLength: number };
    expect(schema).toMatchObject({ type: 'string', maxLength: 40, minLength: 1 });
  });
});

describe('cleanFileName', () => {
  const named = (name: string) => (cleanFileName(name) as { name: string }).name;

  it('keeps only the last segment of a path, / or \\', () => {
    expect(named('../../etc/passwd')).toBe('passwd');
    expect(named('a\\b\\c.png')).toBe('c.png');
    expect(named('C:\\Users\\me\\invoice.pdf')).toBe('invoice.pdf');
  });

  it('collapses .. and drops leading dots and spaces', () => {
    expect(named('..png')).toBe('png');
    expect(named('a..b...png')).toBe('a.b.png');
    expect(named('  .hidden')).toBe('hidden');
  });

  it('cuts a long name to FILE_NAME_MAX, keeping its extension', () => {
    const long = `${'x'.repeat(300)}.png`;
    const clean = named(long);
    expect(clean.length).toBeLessThanOrEqual(FILE_NAME_MAX);
    expect(clean.endsWith('.png')).toBe(true);
    expect(clean.startsWith('xxx')).toBe(true);
  });

  it('refuses a bidi override or a control character, with the message naming it', () => {
    expect(cleanFileName('invoice\u202efdp.png')).toEqual({ message: 'validation.bidiCharacter?char=U%2B202E' });
    expect(cleanFileName('logo\u0007.png')).toEqual({ message: 'validation.controlCharacter?char=U%2B0007' });
    expect(cleanFileName('two\nlines.png')).toEqual({ message: 'validation.lineBreak?char=U%2B000A' });
  });

  it('names an empty name `file`, and puts a name in NFC', () => {
    expect(named('')).toBe('file');
    expect(named('../')).toBe('file');
    expect(named('Jose\u0301.pdf')).toBe('José.pdf');
  });
});
