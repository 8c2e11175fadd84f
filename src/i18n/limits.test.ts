import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LANGUAGES, MAX_UPLOAD_BYTES } from '../../domain/constants';
import { formatCents, formatFileSize, formatNumber } from './formatMoney';
import { i18n, translate } from './i18n';

/**
 * Issue 14 "limits stated": every length, size and range rule of the domain's schemas (shared by
 * the API, the demo and the SPA forms) names its limit in the text a user reads, in both
 * languages; none falls back to "The value entered is invalid". The walk covers every exported
 * schema of domain/ (and the schemas its factories make), whatever it is nested in.
 */
const modules = import.meta.glob<Record<string, unknown>>(['../../domain/**/*.ts', '!../../domain/**/*.test.ts', '!../../domain/index.ts'], { eager: true });

/** Factories of schemas and the arguments that make each variant. */
const FACTORY_ARGS: Record<string, unknown[][]> = {
  makeOrderItemSchema: [['PHYSICAL'], ['DIGITAL']],
  makeReloadSchema: [[]],
  makeMoveSchema: [[]],
  makeReturnSchema: [[]],
  makeBulkSchema: [[]],
  amountCentsSchema: [[]],
  filterIdsSchema: [],
};

interface Def {
  type: string;
  error?: (issue: unknown) => unknown;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  items?: z.ZodType[];
  valueType?: z.ZodType;
}
interface CheckDef {
  check: string;
  error?: (issue: unknown) => unknown;
  maximum?: number;
  minimum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

interface Rule {
  where: string;
  limit: number;
  message: string | undefined;
}

const isSchema = (value: unknown): value is z.ZodType => typeof value === 'object' && value !== null && '_zod' in value;
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const messageOf = (error: ((issue: unknown) => unknown) | undefined) => {
  const message = error?.({ input: 'x', code: 'custom' });
  return typeof message === 'string' ? message : typeof message === 'object' && message !== null ? String((message as { message?: unknown }).message) : undefined;
};

/** The largest count of a pattern's `{m,n}` / `{n}` quantifiers (a pattern bounded at 0 is an encoding, not a limit). */
function patternLimit(pattern: RegExp): number | null {
  const bounds = [...pattern.source.matchAll(/\{(\d+)(?:,(\d+))?\}/g)].filter((match) => Number(match[1]) > 0).map((match) => Number(match[2] ?? match[1]));
  return bounds.length > 0 ? Math.max(...bounds) : null;
}

function collect(schema: z.ZodType, where: string, rules: Rule[], seen: Set<z.ZodType>, inherited?: string) {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = defOf(schema);
  const own = messageOf(def.error) ?? inherited;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    const message = messageOf(c.error) ?? own;
    const at = `${where} (${c.check})`;
    if ((c.check === 'max_length' || c.check === 'max_size') && c.maximum !== undefined) rules.push({ where: at, limit: c.maximum, message });
    // a minimum of 1 is "required", which its own message says
    if ((c.check === 'min_length' || c.check === 'min_size') && c.minimum !== undefined && c.minimum > 1) rules.push({ where: at, limit: c.minimum, message });
    if (c.check === 'length_equals' && c.length !== undefined) rules.push({ where: at, limit: c.length, message });
    if (c.check === 'less_than') rules.push({ where: at, limit: Number(c.value), message });
    // above zero is "greater than zero", which the amount and quantity messages say in words
    if (c.check === 'greater_than' && Number(c.value) > 0) rules.push({ where: at, limit: Number(c.value), message });
    if (c.check === 'string_format' && c.format === 'regex' && c.pattern) {
      const limit = patternLimit(c.pattern);
      if (limit !== null) rules.push({ where: at, limit, message });
    }
  }
  const children: [string, z.ZodType | undefined][] = [
    ...Object.entries(def.shape ?? {}).map(([key, child]) => [`${where}.${key}`, child] as [string, z.ZodType]),
    [where, def.innerType],
    [where, def.in],
    [where, def.out],
    ...(def.options ?? []).map((child, index) => [`${where}|${index}`, child] as [string, z.ZodType]),
    [`${where}[]`, def.element],
    [where, def.left],
    [where, def.right],
    ...(def.items ?? []).map((child, index) => [`${where}[${index}]`, child] as [string, z.ZodType]),
    [`${where}{}`, def.valueType],
  ];
  // a union's own message is what the user reads when every branch fails
  const pass = def.type === 'union' ? own : undefined;
  for (const [path, child] of children) if (child) collect(child, path, rules, seen, pass);
}

function domainRules(): Rule[] {
  const rules: Rule[] = [];
  for (const [file, exports] of Object.entries(modules)) {
    const name = file.replace('../../', '');
    for (const [exported, value] of Object.entries(exports)) {
      if (isSchema(value)) collect(value, `${name} ${exported}`, rules, new Set());
      else if (typeof value === 'function' && FACTORY_ARGS[exported]) {
        for (const args of FACTORY_ARGS[exported]) {
          const made = (value as (...a: unknown[]) => unknown)(...args);
          if (isSchema(made)) collect(made, `${name} ${exported}(${args.join(', ')})`, rules, new Set());
        }
      }
    }
  }
  return rules;
}

/** An upload's content is base64: its length limit is the file size limit, which texts say in MB. */
const BASE64_UPLOAD_CHARS = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4;

/** The ways a text can write the limit: 10000 as "10.000" / "10,000", cents as money, 999… as its digits, the upload size in MB. */
function spellings(limit: number, language: string): string[] {
  const digits = /^9+$/.test(String(limit)) ? [String(String(limit).length)] : [];
  // French writes megabytes "Mo" (mégaoctet)
  const size = limit === BASE64_UPLOAD_CHARS ? [`${MAX_UPLOAD_BYTES / 1024 / 1024} ${language === 'fr' ? 'Mo' : 'MB'}`, formatFileSize(MAX_UPLOAD_BYTES, language)] : [];
  return [String(limit), formatNumber(limit, language), formatCents(limit, language), ...digits, ...size];
}

describe('limits stated (issue 14)', () => {
  const rules = domainRules();

  it('finds the rules (the walk reaches into objects, arrays, unions, pipes and wrappers)', () => {
    const where = rules.map((rule) => rule.where);
    expect(rules.length).toBeGreaterThan(60);
    expect(where).toContain('domain/orders.ts orderConfigurationSchema.companyOrderNumber (max_length)');
    expect(where).toContain('domain/orders.ts orderTrackingSchema.number (max_length)');
    expect(where).toContain('domain/reloadables.ts transferBodySchema.note (max_length)');
    expect(where).toContain('domain/orders.ts makeOrderItemSchema(PHYSICAL).ranges[].from (less_than)');
  });

  it('no rule answers with the generic message or zod’s own text', () => {
    const generic = rules.filter((rule) => rule.message === undefined || rule.message === 'validation.invalid' || !/^[a-z][\w.]*\.[\w.]+(\?|$)/i.test(rule.message));
    expect(generic.map((rule) => `${rule.where}: ${rule.message}`)).toEqual([]);
  });

  it.each([...LANGUAGES])('every rule’s text names its limit (%s)', async (language) => {
    await i18n.changeLanguage(language);
    const silent = rules.filter((rule) => {
      const text = translate(rule.message ?? 'validation.invalid');
      return !spellings(rule.limit, language).some((spelling) => text.includes(spelling));
    });
    expect(silent.map((rule) => `${rule.where} → ${translate(rule.message ?? 'validation.invalid')} (limit ${rule.limit})`)).toEqual([]);
  });
});
