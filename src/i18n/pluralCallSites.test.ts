import { describe, expect, it } from 'vitest';

/**
 * Issue 14, plurals, the call sites: a text with `_one` / `_other` forms is only chosen right
 * when its caller passes the count as `smart_count` (react-admin's translate hands it to i18next
 * as `count`), as a number. Passing `n`, `count: "1.000"` or nothing shows the wrong form or the
 * bare key. This walks every source file of the SPA and finds every place a plural key is used:
 *
 * - `translate('key', { … })`, `t('…')`, `notify('key', { messageArgs: { … } })`, also with a
 *   template key (`batches.confirm.${mode}Text`) or a key relative to an area (`summary.more`);
 * - a key kept in a constant (`rangesTotal: 'orderWizard.errors.rangesTotal'`): every
 *   `translate(X.rangesTotal, …)`;
 * - a key handed to a component prop (`count="stores.list.count"`): the component that
 *   translates it (FORWARDERS). A list's count named by its declaration (`texts` + `count`) is
 *   translated by the same component (SchemaListState), which FORWARDERS checks.
 *
 * Each must pass `smart_count`, not a formatted string.
 */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../**/*.test-helper.ts', '!../test/**'], { eager: true, query: '?raw', import: 'default' });
const files = import.meta.glob<Record<string, unknown>>(['../../locales/*/*.json', '!../../locales/*/email.json'], { eager: true, import: 'default' });

function leafKeys(tree: unknown, prefix = ''): string[] {
  return Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) => (value !== null && typeof value === 'object' ? leafKeys(value, `${prefix}${key}.`) : [`${prefix}${key}`]));
}

const allKeys = new Set(
  Object.entries(files).flatMap(([path, tree]) => {
    const file = /locales\/[^/]+\/(.+)\.json$/.exec(path)![1];
    return leafKeys(tree, file === 'translation' ? '' : `${file}.`);
  }),
);
const PLURAL = /_(one|other)$/;
const pluralKeys = [...new Set([...allKeys].filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, '')))];
const pluralSet = new Set(pluralKeys);

/** Components that translate a key handed to them in a prop, and the call they must make. */
const FORWARDERS: Record<string, { file: string; call: RegExp }> = {
  count: { file: '../components/schema/SchemaListState.tsx', call: /translate\(label, \{ smart_count: total \}\)/ },
  countMore: { file: '../components/schema/SchemaListState.tsx', call: /translate\(hasNextPage \? more : label, \{ smart_count: data\.length \}\)/ },
};

/**
 * The index of the first character of `text` from `start`, outside string literals, at which
 * `stop(char, depth)` holds, `depth` counting the brackets open (from `depth`); -1 if none.
 */
function scanCode(text: string, start: number, depth: number, stop: (char: string, depth: number) => boolean): number {
  let quote: string | null = null;
  for (let i = start; i < text.length; i += 1) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '(' || c === '{' || c === '[') depth += 1;
    else if (c === ')' || c === '}' || c === ']') depth -= 1;
    if (stop(c, depth)) return i;
  }
  return -1;
}

/** The text of a call's arguments from `start` (just after the opening parenthesis) to its closing one. */
function argumentsFrom(source: string, start: number): string {
  const end = scanCode(source, start, 1, (_, depth) => depth === 0);
  return end < 0 ? source.slice(start) : source.slice(start, end);
}

/**
 * The keys a template key may stand for: each `${name}` defined in the file as a constant
 * (`const name = cond ? 'receivedTitle' : \`${action}Title\``) by its literals, else any text.
 */
function expand(written: string, source: string): string[] {
  const match = /\$\{(\w+)\}/.exec(written);
  if (!match) return [written];
  const definition = new RegExp(`const ${match[1]} = ([^;\\n]+)`).exec(source)?.[1];
  const literals = definition ? [...definition.matchAll(/(['`])([^'`]*)\1/g)].map((literal) => literal[2]) : [];
  const alternatives = literals.length > 0 ? literals : ['¤'];
  return alternatives.flatMap((alternative) => expand(written.replace(match[0], alternative), source));
}

/** The plural keys a key written in the source may stand for: exact, a template (`${…}` any text), or relative to an area (`summary.more`). */
function pluralKeysOf(written: string, relative: boolean, source: string): string[] {
  // a helper that forwards a whole key (`${area}.${key}`): its callers are the uses
  if (/^(\$\{\w+\}\.?)+$/.test(written)) return [];
  return [
    ...new Set(
      expand(written, source).flatMap((shape) => {
        if (!shape.includes('${') && !shape.includes('¤')) return pluralSet.has(shape) ? [shape] : relative ? pluralKeys.filter((key) => key.endsWith(`.${shape}`)) : [];
        const pattern = new RegExp(`^${shape.split(/\$\{[^}]*\}|¤/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
        return pluralKeys.filter((key) => pattern.test(key));
      }),
    ),
  ];
}

interface Use {
  file: string;
  line: number;
  keys: string[];
  args: string | null;
  how: string;
}

/** A call passes the count the right way: `smart_count:` (or shorthand), not a pre-formatted text. */
function passesCount(args: string | null): boolean {
  if (args === null) return false;
  const match = /\bsmart_count\b\s*(?::\s*([^,}]+))?/.exec(args);
  if (!match) return false;
  return !/toLocaleString|format|String\(/.test(match[1] ?? '');
}

/** The first argument of a call's arguments text (up to its top-level comma). */
function firstArgument(args: string): { text: string; rest: string | null } {
  const comma = scanCode(args, 0, 0, (c, depth) => c === ',' && depth === 0);
  return comma < 0 ? { text: args, rest: null } : { text: args.slice(0, comma), rest: args.slice(comma + 1) };
}

const LITERAL = /(['"`])((?:(?!\1)[^\\]|\\.)*)\1/g;

function usesIn(file: string, source: string): { uses: Use[]; seen: Set<number> } {
  const uses: Use[] = [];
  /** where the plural keys' literals recognised as a use start */
  const seen = new Set<number>();
  const lineOf = (at: number) => source.slice(0, at).split('\n').length;
  // calls: translate(<key>, …), t(<key>, …), notify(<key>, …); <key> a literal, a template, a ternary of them
  for (const call of source.matchAll(/\b(translate|t|notify)\(/g)) {
    const open = call.index + call[0].length;
    const { text, rest } = firstArgument(argumentsFrom(source, open));
    for (const literal of text.matchAll(LITERAL)) {
      const keys = pluralKeysOf(literal[2], call[1] === 't', source);
      if (keys.length === 0) continue;
      seen.add(open + literal.index);
      uses.push({ file, line: lineOf(call.index), keys, args: rest, how: `${call[1]}('${literal[2]}')` });
    }
  }
  // a key kept in a constant or handed to a prop
  for (const match of source.matchAll(/(\w+)(:\s*|=)(['"])([\w.]+)\3/g)) {
    const [, name, sign, , key] = match;
    if (!pluralSet.has(key)) continue;
    seen.add(match.index + name.length + sign.length);
    if (sign.trim() === '=') {
      const forwarder = FORWARDERS[name];
      const forwarded = forwarder && forwarder.call.test(sources[forwarder.file] ?? '');
      uses.push({ file, line: lineOf(match.index), keys: [key], args: forwarded ? 'smart_count' : null, how: `${name}="${key}" (prop)` });
      continue;
    }
    // `name: 'key'`: every translate(X.name, …) of the SPA must pass the count
    const calls = Object.entries(sources).flatMap(([other, text]) =>
      [...text.matchAll(new RegExp(`\\b(?:translate|t|notify)\\(\\s*[\\w.]+\\.${name}\\s*(,|\\))`, 'g'))].map((call) => ({
        file: other,
        line: text.slice(0, call.index).split('\n').length,
        args: call[1] === ',' ? argumentsFrom(text, call.index + call[0].length) : null,
      })),
    );
    if (calls.length === 0) uses.push({ file, line: lineOf(match.index), keys: [key], args: null, how: `${name}: '${key}' (never translated with a count)` });
    for (const call of calls) uses.push({ ...call, keys: [key], how: `translate(….${name})` });
  }
  return { uses, seen };
}

/** Every literal of the SPA that names a plural text, wherever it stands. */
const PLURAL_LITERAL = new RegExp(`(['"\`])(${pluralKeys.map((key) => key.replace(/\./g, '\\.')).join('|')})\\1`, 'g');
function pluralLiterals(file: string, source: string): { file: string; at: number; key: string }[] {
  return [...source.matchAll(PLURAL_LITERAL)].map((literal) => ({ file, at: literal.index, key: literal[2] }));
}

const walked = Object.entries(sources).map(([file, source]) => ({ file, source, ...usesIn(file, source) }));
const uses = walked.flatMap((walk) => walk.uses);

describe('plural call sites', () => {
  it('finds the plural keys and their uses (the walk is not empty)', () => {
    expect(pluralKeys.length).toBeGreaterThanOrEqual(60);
    expect(Object.keys(sources).length).toBeGreaterThan(200);
    expect(uses.length).toBeGreaterThanOrEqual(45);
    expect(uses.map((use) => use.how)).toEqual(expect.arrayContaining(["t('summary.result')", "translate('orderWizard.customize.rangesTotal')", 'translate(….rangesTotal)']));
  });

  it('the rule refuses the wrong variable, a formatted count and no count', () => {
    expect(passesCount("{ smart_count: total }")).toBe(true);
    expect(passesCount("{ number: order.number, smart_count: order.physicalCards + order.digitalCards }")).toBe(true);
    expect(passesCount("{ smart_count }")).toBe(true);
    expect(passesCount("{ succeeded: result.succeeded, total: result.total }")).toBe(false);
    expect(passesCount("{ count: format(batch.quantity) }")).toBe(false);
    expect(passesCount("{ smart_count: n.toLocaleString(locale) }")).toBe(false);
    expect(passesCount(null)).toBe(false);
  });

  it('every use of a plural text passes its count as smart_count', () => {
    const wrong = uses.filter((use) => !passesCount(use.args)).map((use) => `${use.file.replace('../', 'src/')}:${use.line} ${use.how} → ${use.keys.join(', ')}: ${use.args ?? 'no arguments'}`);
    expect(wrong).toEqual([]);
  });

  it('every literal naming a plural text is one of those uses (none escapes the walk)', () => {
    const unknown = walked.flatMap((walk) =>
      pluralLiterals(walk.file, walk.source)
        .filter((literal) => !walk.seen.has(literal.at))
        .map((literal) => `${walk.file.replace('../', 'src/')}:${walk.source.slice(0, literal.at).split('\\n').length} ${literal.key}`),
    );
    expect(unknown).toEqual([]);
  });

  it('every forwarding component translates with the count', () => {
    for (const [prop, forwarder] of Object.entries(FORWARDERS)) expect(sources[forwarder.file], prop).toMatch(forwarder.call);
  });
});
