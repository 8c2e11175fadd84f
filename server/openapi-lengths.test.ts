import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app';

/**
 * A length is always stated (issue 38, DESIGN §5 "Input"): every string a client may send — a
 * path parameter, a query parameter, anything in a request body — says in the OpenAPI document how
 * long it may be (`maxLength`), or is bounded by its shape: an enum or a constant, a format whose
 * length is its own (date, date-time, uuid, e-mail, uri), or a pattern anchored at both ends that
 * bounds the length (`^\d{5}$`). Response schemas are the server's and are not walked.
 */

type Json = Record<string, unknown>;

const BOUNDED_FORMATS = new Set(['date', 'date-time', 'time', 'uuid', 'email', 'uri', 'url']);

/** A pattern anchored at both ends with no unbounded repetition (`*`, `+`, `{n,}`). */
function patternBoundsLength(pattern: string): boolean {
  if (!pattern.startsWith('^') || !pattern.endsWith('$') || pattern.endsWith('\\$')) return false;
  // drop escapes and character classes: their `*` and `+` are characters, not repetition
  const bare = pattern.replace(/\\./g, 'x').replace(/\[(?:[^\]\\]|\\.)*\]/g, 'x');
  return !/[*+]|\{\d+,\}/.test(bare);
}

function stringBounded(schema: Json): boolean {
  if (typeof schema.maxLength === 'number') return true;
  if (Array.isArray(schema.enum) || 'const' in schema) return true;
  if (typeof schema.format === 'string' && BOUNDED_FORMATS.has(schema.format)) return true;
  if (typeof schema.pattern === 'string' && patternBoundsLength(schema.pattern)) return true;
  return false;
}

const isStringType = (type: unknown) => type === 'string' || (Array.isArray(type) && type.includes('string'));

/** Every unbounded `type: string` under `schema`, by JSON path. */
function unboundedStrings(doc: Json, schema: unknown, path: string, out: string[], seen: Set<unknown>) {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
  seen.add(schema);
  const s = schema as Json;
  if (typeof s.$ref === 'string') {
    const target = (s.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, key) => (node as Json | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    unboundedStrings(doc, target, `${path}(${s.$ref})`, out, seen);
  }
  if (isStringType(s.type) && !stringBounded(s)) out.push(path || '/');
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const) {
    if (Array.isArray(s[key])) (s[key] as unknown[]).forEach((sub, i) => unboundedStrings(doc, sub, `${path}/${key}/${i}`, out, seen));
  }
  for (const key of ['items', 'additionalProperties', 'not', 'propertyNames'] as const) {
    if (s[key] && typeof s[key] === 'object') unboundedStrings(doc, s[key], `${path}/${key}`, out, seen);
  }
  if (s.properties && typeof s.properties === 'object') {
    for (const [name, sub] of Object.entries(s.properties as Json)) unboundedStrings(doc, sub, `${path}/properties/${name}`, out, seen);
  }
  if (s.patternProperties && typeof s.patternProperties === 'object') {
    for (const [name, sub] of Object.entries(s.patternProperties as Json)) unboundedStrings(doc, sub, `${path}/patternProperties/${name}`, out, seen);
  }
}

/** The request side of every operation: `METHOD /path  json/path` of each unbounded string. */
function requestOffenders(doc: Json): string[] {
  const offenders: string[] = [];
  const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
  for (const [route, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    const shared = Array.isArray(item.parameters) ? (item.parameters as Json[]) : [];
    for (const method of methods) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const found: string[] = [];
      const parameters = [...shared, ...(Array.isArray(op.parameters) ? (op.parameters as Json[]) : [])];
      for (const parameter of parameters) {
        const resolved = parameter.$ref ? null : parameter;
        const where = resolved ? `${String(resolved.in)}.${String(resolved.name)}` : String(parameter.$ref);
        unboundedStrings(doc, resolved ? resolved.schema : parameter, `parameters/${where}`, found, new Set());
        const content = resolved?.content as Record<string, Json> | undefined;
        for (const [type, media] of Object.entries(content ?? {})) unboundedStrings(doc, media.schema, `parameters/${where}/content/${type}`, found, new Set());
      }
      const body = op.requestBody as Json | undefined;
      const content = (body?.content ?? {}) as Record<string, Json>;
      for (const [type, media] of Object.entries(content)) unboundedStrings(doc, media.schema, `requestBody/${type}`, found, new Set());
      for (const at of found) offenders.push(`${method.toUpperCase()} ${route}  ${at}`);
    }
  }
  return offenders;
}

describe('patternBoundsLength', () => {
  it('takes an anchored pattern of bounded repetition only', () => {
    expect(patternBoundsLength('^\\d{5}$')).toBe(true);
    expect(patternBoundsLength('^[A-Z0-9]{5,16}$')).toBe(true);
    expect(patternBoundsLength('^[+*]{1,3}$')).toBe(true);
    expect(patternBoundsLength('^\\d+$')).toBe(false);
    expect(patternBoundsLength('^\\d{5,}$')).toBe(false);
    expect(patternBoundsLength('\\d{5}')).toBe(false);
    expect(patternBoundsLength('^[a-z]*$')).toBe(false);
  });
});

describe('requestOffenders', () => {
  it('walks parameters and bodies through $ref, anyOf, items and additionalProperties, not responses', () => {
    const doc = {
      components: { schemas: { Named: { type: 'object', properties: { name: { type: 'string' } } } } },
      paths: {
        '/a/{id}': {
          post: {
            parameters: [{ in: 'path', name: 'id', schema: { type: 'string' } }, { in: 'query', name: 'q', schema: { type: 'string', maxLength: 10 } }],
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      ref: { $ref: '#/components/schemas/Named' },
                      either: { anyOf: [{ type: 'string', format: 'uuid' }, { type: 'string' }] },
                      list: { type: 'array', items: { type: 'string', enum: ['A'] } },
                      map: { type: 'object', additionalProperties: { type: 'string' } },
                    },
                  },
                },
              },
            },
            responses: { 200: { content: { 'application/json': { schema: { type: 'string' } } } } },
          },
        },
      },
    };
    expect(requestOffenders(doc)).toEqual([
      'POST /a/{id}  parameters/path.id',
      'POST /a/{id}  requestBody/application/json/properties/ref(#/components/schemas/Named)/properties/name',
      'POST /a/{id}  requestBody/application/json/properties/either/anyOf/1',
      'POST /a/{id}  requestBody/application/json/properties/map/additionalProperties',
    ]);
  });
});

describe('the OpenAPI document states a length for every string a request may carry (issue 38)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  }, 60_000);
  afterAll(() => t?.close());

  it('has no request string without maxLength, enum, a bounded format or a bounded pattern', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as Json;
    expect(Object.keys(doc.paths as Json).length).toBeGreaterThan(50);
    const offenders = requestOffenders(doc);
    expect(offenders, `request strings with no stated length:\n${offenders.join('\n')}`).toEqual([]);
  });
});
