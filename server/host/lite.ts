import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';
import { MAX_UPLOAD_BYTES } from '../../domain/constants';
import { chunksOf, concatBytes } from '../lib/streams';

/**
 * The in-process host: runs the product's own Fastify plugins and route modules (server/api.ts)
 * without Node's HTTP stack, so they can answer requests where Fastify cannot run (the demo's
 * browser). It keeps the part of Fastify's contract the route modules rely on, and nothing else:
 *
 * - plugins and encapsulation: `register` gives a plugin its own context unless it is wrapped
 *   with fastify-plugin; hooks, decorations and routes live in a context and its children;
 * - the request lifecycle, in Fastify's order: onRequest, body reading (JSON, text, multipart
 *   through `request.file()`, the route's body limit), preValidation, schema validation (params,
 *   body, querystring: the zod type provider's own compilers, as Fastify wraps their errors),
 *   preHandler, the handler, the response schema, the error handler, the not-found handler;
 * - request (`id`, `params`, `query`, `body`, `headers`, `method`, `url`, `ip`, `routeOptions`, `log`)
 *   and reply (`code`, `status`, `header`, `headers`, `getHeader`, `type`, `send`, `sent`).
 *
 * Transport plugins (helmet, rate limits, OpenAPI, static files) are the Node server's, not the
 * API's: app.ts registers them; this host never sees them. `@fastify/multipart` is recognised
 * and stood in for. Behaviour is held to the server's by the contract suite (contract.test.ts).
 */

export interface HostRequest {
  method: string;
  /** path and query string: `/api/company/…?filter=…` */
  url: string;
  headers?: Record<string, string>;
  /** a JSON or text body as a string, a multipart body as FormData */
  body?: string | FormData | null;
}

export interface HostResponse {
  status: number;
  headers: Record<string, string>;
  /** text bodies as a string; binary bodies (PDF, ZIP, images) as bytes */
  body: string | Uint8Array;
}

type Hook = (this: unknown, request: LiteRequest, reply: LiteReply) => unknown;
type HookName = 'onRequest' | 'preValidation' | 'preHandler' | 'onReady' | 'onClose';
type Handler = (this: unknown, request: LiteRequest, reply: LiteReply) => unknown;
type ErrorHandler = (this: unknown, error: Error, request: LiteRequest, reply: LiteReply) => unknown;

interface RouteSchema {
  params?: $ZodType;
  querystring?: $ZodType;
  body?: $ZodType;
  response?: Record<string, $ZodType>;
}

interface RouteOptions {
  schema?: RouteSchema & Record<string, unknown>;
  preHandler?: Hook | Hook[];
  config?: Record<string, unknown>;
  bodyLimit?: number;
  /** the route's own validator (Fastify's route option), in place of the zod type provider's */
  validatorCompiler?: typeof validatorFor;
}

interface Route {
  method: string;
  url: string;
  segments: string[];
  options: RouteOptions;
  handler: Handler;
  context: Context;
}

interface Logger {
  child(bindings: Record<string, unknown>): Logger;
  trace(...args: unknown[]): void;
  debug(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  fatal(...args: unknown[]): void;
  level: string;
}

/** A logger that writes warnings and errors to the console (the browser's, or Node's in tests). */
function consoleLogger(bindings: Record<string, unknown> = {}): Logger {
  const quiet = () => undefined;
  return {
    level: 'warn',
    child: (more) => consoleLogger({ ...bindings, ...more }),
    trace: quiet,
    debug: quiet,
    info: quiet,
    warn: (...args) => console.warn(bindings, ...args),
    error: (...args) => console.error(bindings, ...args),
    fatal: (...args) => console.error(bindings, ...args),
  };
}

const SKIP_OVERRIDE = Symbol.for('skip-override');
const PLUGIN_META = Symbol.for('plugin-meta');

/** Fastify's own transport errors, with its codes, texts and statuses (the error handler shows their text). */
function transportError(code: string, message: string, statusCode: number): Error {
  return Object.assign(new Error(message), { code, statusCode });
}
const bodyTooLarge = () => transportError('FST_ERR_CTP_BODY_TOO_LARGE', 'Request body is too large', 413);
const emptyJson = () => transportError('FST_ERR_CTP_EMPTY_JSON_BODY', "Body cannot be empty when content-type is set to 'application/json'", 400);
const invalidJson = () => transportError('FST_ERR_CTP_INVALID_JSON_BODY', "Body is not valid JSON but content-type is set to 'application/json'", 400);
const unsupportedMediaType = () => transportError('FST_ERR_CTP_INVALID_MEDIA_TYPE', 'Unsupported Media Type', 415);
const fileTooLarge = () => transportError('FST_REQ_FILE_TOO_LARGE', 'request file too large', 413);

/** The zod type provider's own compilers (what app.ts gives Fastify), called as Fastify calls them. */
type Validate = (data: unknown) => { value?: unknown; error?: unknown[] };
const validatorFor = validatorCompiler as unknown as (route: { schema: $ZodType; method: string; url: string; httpPart: string }) => Validate;
const serializerFor = serializerCompiler as unknown as (route: { schema: $ZodType; method: string; url: string; httpStatus: string }) => (data: unknown) => string;

/** A validation failure as Fastify wraps a compiler's issues (fastify/lib/validation.js; plugins/errors.ts reads `validation`). */
function validationError(validation: unknown[], part: string): Error {
  return Object.assign(new Error(`${part} is not valid`), { statusCode: 400, code: 'FST_ERR_VALIDATION', validation, validationContext: part });
}

class Context {
  readonly hooks: Record<HookName, Hook[]> = { onRequest: [], preValidation: [], preHandler: [], onReady: [], onClose: [] };
  constructor(readonly parent: Context | null) {}
  /** A hook list of this context and its ancestors, the outermost first. */
  chain(name: HookName): Hook[] {
    return [...(this.parent?.chain(name) ?? []), ...this.hooks[name]];
  }
}

interface Shared {
  routes: Route[];
  requestDefaults: Record<string, unknown>;
  errorHandler: ErrorHandler | null;
  notFoundHandler: Handler | null;
  root: Context;
  log: Logger;
}

/** One Fastify-shaped instance over a context; `register` makes children sharing the same routes. */
class LiteInstance {
  readonly log: Logger;
  constructor(
    private readonly shared: Shared,
    private readonly context: Context,
  ) {
    this.log = shared.log;
  }

  withTypeProvider() {
    return this;
  }
  setValidatorCompiler() {
    return this;
  }
  setSerializerCompiler() {
    return this;
  }
  decorate(name: string, value: unknown) {
    // every instance of one host reads them (fastify-plugin shares them with the parent; the
    // route modules' own contexts only read them): they sit on the host's own instance class
    (Object.getPrototypeOf(this) as Record<string, unknown>)[name] = value;
    return this;
  }
  decorateRequest(name: string, value: unknown) {
    this.shared.requestDefaults[name] = value;
    return this;
  }
  addHook(name: HookName, hook: Hook) {
    if (!(name in this.context.hooks)) throw new Error(`the in-process host has no ${name} hook`);
    this.context.hooks[name].push(hook);
    return this;
  }
  setErrorHandler(handler: ErrorHandler) {
    this.shared.errorHandler = handler;
    return this;
  }
  setNotFoundHandler(handler: Handler) {
    this.shared.notFoundHandler = handler;
    return this;
  }

  async register(plugin: unknown, options: Record<string, unknown> = {}) {
    const fn = ((plugin as { default?: unknown }).default ?? plugin) as ((instance: unknown, options: unknown) => unknown) & Record<symbol, unknown>;
    const name = (fn[PLUGIN_META] as { name?: string } | undefined)?.name;
    if (name === '@fastify/multipart') return this; // stood in for by the request's `isMultipart` and `file`
    const shares = fn[SKIP_OVERRIDE] === true;
    const instance = shares ? this : new (this.constructor as typeof LiteInstance)(this.shared, new Context(this.context));
    await fn(instance, options);
    return this;
  }

  route(options: RouteOptions & { method: string | string[]; url: string; handler: Handler }) {
    for (const method of [options.method].flat()) this.addRoute(method, options.url, options, options.handler);
    return this;
  }
  get(url: string, options: RouteOptions | Handler, handler?: Handler) {
    return this.shorthand('GET', url, options, handler);
  }
  post(url: string, options: RouteOptions | Handler, handler?: Handler) {
    return this.shorthand('POST', url, options, handler);
  }
  put(url: string, options: RouteOptions | Handler, handler?: Handler) {
    return this.shorthand('PUT', url, options, handler);
  }
  patch(url: string, options: RouteOptions | Handler, handler?: Handler) {
    return this.shorthand('PATCH', url, options, handler);
  }
  delete(url: string, options: RouteOptions | Handler, handler?: Handler) {
    return this.shorthand('DELETE', url, options, handler);
  }

  private shorthand(method: string, url: string, options: RouteOptions | Handler, handler?: Handler) {
    if (typeof options === 'function') this.addRoute(method, url, {}, options);
    else this.addRoute(method, url, options, handler!);
    return this;
  }
  private addRoute(method: string, url: string, options: RouteOptions, handler: Handler) {
    // Fastify writes a literal colon as `::` (`/identity/v1/accounts::signInWithPassword`)
    const segments = splitPath(url).map((segment) => (segment.startsWith(':') && !segment.startsWith('::') ? segment : segment.replaceAll('::', ':')));
    this.shared.routes.push({ method, url, segments, options, handler, context: this.context });
  }
}

const splitPath = (path: string) => path.replace(/\/+$/, '').split('/').slice(1);

/** The route for a method and path, with its path parameters (static segments win over parameters). */
function match(routes: Route[], method: string, path: string): { route: Route; params: Record<string, string> } | null {
  const parts = splitPath(path);
  let best: { route: Route; params: Record<string, string>; score: number } | null = null;
  for (const route of routes) {
    if (route.method !== method || route.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let score = 0;
    let ok = true;
    for (let i = 0; i < parts.length && ok; i += 1) {
      const segment = route.segments[i];
      if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(parts[i]);
      else if (segment === parts[i]) score += 1 << (parts.length - i);
      else ok = false;
    }
    if (ok && (!best || score > best.score)) best = { route, params, score };
  }
  return best && { route: best.route, params: best.params };
}

/** A query string as Fastify's parser reads it: repeated keys become arrays. */
function parseQuery(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const seen = query[key];
    query[key] = seen === undefined ? value : [seen, value].flat();
  }
  return query;
}

interface LiteReply {
  statusCode: number;
  sent: boolean;
  code(status: number): LiteReply;
  status(status: number): LiteReply;
  header(name: string, value: string | number): LiteReply;
  headers(values: Record<string, string | number>): LiteReply;
  getHeader(name: string): string | undefined;
  type(contentType: string): LiteReply;
  send(payload?: unknown): LiteReply;
}

type LiteRequest = Record<string, unknown> & {
  /** the request's id, as Fastify's `request.id` (the audit trail's request_id): a new UUID per request */
  id: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  headers: Record<string, string>;
};

class Reply implements LiteReply {
  statusCode = 200;
  sent = false;
  payload: unknown = undefined;
  readonly headerValues: Record<string, string> = {};
  code(status: number) {
    this.statusCode = status;
    return this;
  }
  status(status: number) {
    return this.code(status);
  }
  header(name: string, value: string | number) {
    this.headerValues[name.toLowerCase()] = String(value);
    return this;
  }
  headers(values: Record<string, string | number>) {
    for (const [name, value] of Object.entries(values)) this.header(name, value);
    return this;
  }
  getHeader(name: string) {
    return this.headerValues[name.toLowerCase()];
  }
  type(contentType: string) {
    return this.header('content-type', contentType);
  }
  send(payload?: unknown) {
    this.payload = payload;
    this.sent = true;
    return this;
  }
}

const isBytes = (value: unknown): value is Uint8Array => value instanceof Uint8Array;
/** a stream payload: a web ReadableStream (exports, downloads) or any async iterable of chunks */
const isStream = (value: unknown): value is ReadableStream<unknown> | AsyncIterable<unknown> =>
  typeof value === 'object' && value !== null && !isBytes(value) && (typeof (value as { getReader?: unknown }).getReader === 'function' || Symbol.asyncIterator in value);

async function collect(stream: ReadableStream<unknown> | AsyncIterable<unknown>): Promise<Uint8Array> {
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  for await (const chunk of chunksOf(stream)) chunks.push(typeof chunk === 'string' ? encoder.encode(chunk) : (chunk as Uint8Array));
  return concatBytes(chunks.length === 0 ? [new Uint8Array(0)] : chunks);
}

const TEXTUAL = /^(text\/|application\/(json|problem\+json|javascript|xml))/;

export interface LiteHost {
  /** the instance to hand to `registerApi` (Fastify-shaped) */
  app: FastifyInstance;
  /** answers one request */
  handle(request: HostRequest): Promise<HostResponse>;
  /** runs the onReady hooks (call once, after registering) */
  ready(): Promise<void>;
  /** runs the onClose hooks */
  close(): Promise<void>;
  /** the routes it serves, as registered (`/api/company/:companyId/…`) */
  routes(): Array<{ method: string; url: string }>;
}

export function createLiteHost(options: { log?: Logger; ip?: string } = {}): LiteHost {
  const root = new Context(null);
  const shared: Shared = { routes: [], requestDefaults: {}, errorHandler: null, notFoundHandler: null, root, log: options.log ?? consoleLogger() };
  const HostInstance = class extends LiteInstance {};
  const app = new HostInstance(shared, root);

  async function run(request: HostRequest, reply: Reply): Promise<void> {
    const [path, search = ''] = request.url.split('?');
    const method = request.method.toUpperCase();
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value;
    const found = match(shared.routes, method, path);
    const req: LiteRequest = {
      ...structuredClone(shared.requestDefaults),
      id: globalThis.crypto.randomUUID(),
      method,
      url: request.url,
      headers,
      params: found?.params ?? {},
      query: parseQuery(search),
      body: undefined,
      ip: options.ip ?? '127.0.0.1',
      log: shared.log,
      routeOptions: { url: found?.route.url, config: found?.route.options.config ?? {}, method },
      isMultipart: () => typeof FormData !== 'undefined' && request.body instanceof FormData,
      file: async (limits?: { limits?: { fileSize?: number } }) => multipartFile(request.body, limits?.limits?.fileSize ?? MAX_UPLOAD_BYTES),
    };
    try {
      if (!found) {
        if (!shared.notFoundHandler) throw transportError('FST_ERR_NOT_FOUND', 'Not Found', 404);
        await answer(await shared.notFoundHandler.call(app, req, reply), reply);
        return;
      }
      const { route } = found;
      for (const hook of route.context.chain('onRequest')) await hook.call(app, req, reply);
      if (!reply.sent) req.body = readBody(request, headers, route.options.bodyLimit ?? 1024 * 1024);
      for (const hook of route.context.chain('preValidation')) if (!reply.sent) await hook.call(app, req, reply);
      if (!reply.sent) validate(route, req);
      const preHandlers = [...route.context.chain('preHandler'), ...[route.options.preHandler ?? []].flat()];
      for (const hook of preHandlers) if (!reply.sent) await hook.call(app, req, reply);
      if (!reply.sent) await answer(await route.handler.call(app, req, reply), reply);
    } catch (error) {
      reply.sent = false;
      for (const name of Object.keys(reply.headerValues)) delete reply.headerValues[name];
      reply.statusCode = 500;
      if (!shared.errorHandler) throw error;
      await answer(await shared.errorHandler.call(app, error as Error, req, reply), reply);
    }
  }

  async function handle(request: HostRequest): Promise<HostResponse> {
    const reply = new Reply();
    await run(request, reply);
    const found = match(shared.routes, request.method.toUpperCase(), request.url.split('?')[0]);
    try {
      return await serialize(reply, found?.route ?? null);
    } catch (error) {
      // a response its schema refuses is the server's fault: the error handler answers 500
      shared.log.error({ err: error }, 'response serialization');
      const failed = new Reply();
      failed.statusCode = 500;
      await answer(await shared.errorHandler?.call(app, error as Error, { url: request.url, method: request.method, log: shared.log } as never, failed), failed);
      return serialize(failed, null);
    }
  }

  return {
    app: app as unknown as FastifyInstance,
    handle,
    async ready() {
      for (const hook of root.hooks.onReady) await (hook as unknown as () => unknown).call(app);
    },
    routes: () => shared.routes.map((route) => ({ method: route.method, url: route.url })),
    async close() {
      for (const hook of root.hooks.onClose) await (hook as unknown as (instance: unknown) => unknown).call(app, app);
    },
  };
}

/** A handler's return value is the reply's payload unless the handler sent one itself (Fastify's rule). */
async function answer(value: unknown, reply: Reply) {
  if (reply.sent) return;
  if (value === reply) return;
  if (value !== undefined) reply.send(value);
}

/** The parsed body, read when and as Fastify reads it (handleRequest.js and its two default parsers). */
function readBody(request: HostRequest, headers: Record<string, string>, limit: number): unknown {
  const method = request.method.toUpperCase();
  const body = request.body;
  const hasBody = body !== undefined && body !== null;
  const type = headers['content-type'];
  const parses = ['POST', 'PUT', 'PATCH'].includes(method) ? hasBody || type !== undefined : ['DELETE', 'OPTIONS'].includes(method) && hasBody && type !== undefined;
  if (!parses) return undefined;
  if (typeof FormData !== 'undefined' && body instanceof FormData) return undefined; // read through request.file()
  const text = (body as string | undefined) ?? '';
  if (new TextEncoder().encode(text).length > limit) throw bodyTooLarge();
  if (/^application\/json/i.test(type ?? '')) {
    if (text === '') throw emptyJson();
    try {
      return JSON.parse(text);
    } catch {
      throw invalidJson();
    }
  }
  if (/^text\/plain/i.test(type ?? '')) return text;
  throw unsupportedMediaType();
}

async function multipartFile(body: HostRequest['body'], maxBytes: number) {
  if (typeof FormData === 'undefined' || !(body instanceof FormData)) return undefined;
  for (const [, value] of body) {
    if (typeof value === 'string') continue;
    const file = value as File;
    const bytes = new Uint8Array(await file.arrayBuffer());
    const truncated = bytes.length > maxBytes;
    const data = truncated ? bytes.subarray(0, maxBytes) : bytes;
    return {
      filename: file.name,
      mimetype: file.type || 'application/octet-stream',
      file: { truncated },
      toBuffer: async () => {
        if (truncated) throw fileTooLarge();
        return bufferOf(data);
      },
    };
  }
  return undefined;
}

/** Bytes as the `Buffer` services expect (Node's, or the browser host's polyfill). */
function bufferOf(bytes: Uint8Array): Uint8Array {
  const B = (globalThis as { Buffer?: { from(bytes: Uint8Array): Uint8Array } }).Buffer;
  return B ? B.from(bytes) : bytes;
}

function validate(route: Route, request: LiteRequest) {
  const schema = route.options.schema ?? {};
  const compile = route.options.validatorCompiler ?? validatorFor;
  for (const [part, key] of [
    ['params', 'params'],
    ['body', 'body'],
    ['querystring', 'query'],
  ] as const) {
    const check = schema[part];
    if (!check) continue;
    const result = compile({ schema: check, method: route.method, url: route.url, httpPart: part })(request[key]);
    if (result.error) throw validationError(result.error, part);
    (request as Record<string, unknown>)[key] = result.value;
  }
}

async function serialize(reply: Reply, route: Route | null): Promise<HostResponse> {
  const headers = { ...reply.headerValues };
  let payload = reply.payload;
  if (isStream(payload)) payload = await collect(payload);
  if (payload === undefined || payload === null) return { status: reply.statusCode, headers, body: '' };
  if (isBytes(payload)) {
    headers['content-type'] ??= 'application/octet-stream';
    const type = headers['content-type'];
    // ignoreBOM: a CSV's byte-order mark is part of the file (Excel reads the file as UTF-8 by it); a default decoder drops it
    return { status: reply.statusCode, headers, body: TEXTUAL.test(type) ? new TextDecoder('utf-8', { ignoreBOM: true }).decode(payload) : payload };
  }
  if (typeof payload === 'string') {
    headers['content-type'] ??= 'text/plain; charset=utf-8';
    return { status: reply.statusCode, headers, body: payload };
  }
  const responses = route?.options.schema?.response ?? {};
  const schema = responses[String(reply.statusCode)] ?? responses[`${String(reply.statusCode)[0]}xx`];
  let body: string;
  if (schema && !/^application\/problem\+json/.test(headers['content-type'] ?? '')) {
    body = serializerFor({ schema, method: route!.method, url: route!.url, httpStatus: String(reply.statusCode) })(payload);
  } else body = JSON.stringify(payload);
  headers['content-type'] ??= 'application/json; charset=utf-8';
  return { status: reply.statusCode, headers, body };
}
