import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * A local stand-in for the two endpoints Power BI Embedded needs (README.md beside this file): Entra's
 * client-credentials token endpoint and the Power BI REST API's report and GenerateToken calls, plus
 * the embed page the SPA's iframe loads. Tests and the e2e point POWERBI_AUTHORITY_URL and
 * POWERBI_API_URL at it. It checks what the real services check (the client secret, the bearer
 * token, a known report) and records every call with the identities asked, so a test can tell which
 * companies a token was filtered to.
 *
 * CLI: `node --import tsx server/test/powerbi-stand-in.ts <port>` (playwright webServer);
 * POWERBI_CLIENT_SECRET, POWERBI_STANDIN_ACCESS_SECONDS, POWERBI_STANDIN_EMBED_SECONDS and
 * POWERBI_STANDIN_EMBED_BASE_URL override the defaults.
 */

export const STAND_IN_CLIENT_SECRET = 'stand-in-secret';

export interface StandInIdentity {
  username: string;
  roles: string[];
  datasets: string[];
  customData?: string;
}

export interface StandInCall {
  method: string;
  /** the path without the query */
  path: string;
  /** GenerateToken: the report and identities asked */
  reportId?: string;
  identities?: StandInIdentity[];
  status: number;
}

export type StandInStep = 'token' | 'report' | 'generate';

export interface PowerBiStandInOptions {
  /** 0 (default): any free port */
  port?: number;
  host?: string;
  clientSecret?: string;
  /** lifetime of the Entra access tokens it issues (seconds) */
  accessTokenSeconds?: number;
  /** lifetime of the embed tokens (seconds) */
  embedTokenSeconds?: number;
  /** the reports it knows (any report id when absent) */
  reportIds?: string[];
  /**
   * the base of the embed URLs it answers (default: its own `url`). powerbi-client embeds only
   * https://*.powerbi.com (and sovereign clouds): an e2e gives 'https://app.powerbi.com' and routes
   * that host to the stand-in in the browser (README.md beside this file).
   */
  embedBaseUrl?: string;
}

export interface PowerBiStandIn {
  /** base URL: both the authority and the API URL */
  url: string;
  calls: StandInCall[];
  /** make a step answer 500 (null: every step answers again) */
  fail(step: StandInStep | null): void;
  /** the identities an embed token was issued for (undefined: not one of its tokens) */
  identitiesOf(embedToken: string): StandInIdentity[] | undefined;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  const text = type === 'application/json' ? JSON.stringify(body) : String(body);
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The embed iframe's page. powerbi-client posts `{ method: 'POST', url: '/report/load', headers: { id, uid }, body:
 * config }` (config.accessToken is the embed token) and later `/report/token` on a refresh; the page answers each
 * with a 202 carrying the request's id (else the SDK's promise never settles), fires the `loaded` and `rendered`
 * events the SDK listens for, and shows the customData of the token it was given (asked back from the stand-in).
 */
function embedPage(reportId: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Power BI stand-in</title>
<style>body{font:14px system-ui,sans-serif;margin:16px;color:#222}dt{font-weight:600}</style></head>
<body>
<h1>Power BI stand-in</h1>
<dl><dt>Report</dt><dd data-testid="standin-report">${escapeHtml(reportId)}</dd>
<dt>Companies (customData)</dt><dd data-testid="standin-custom-data">(waiting for the embed token)</dd>
<dt>Token loads</dt><dd data-testid="standin-loads">0</dd></dl>
<script>
let loads = 0;
async function show(token) {
  loads += 1;
  document.querySelector('[data-testid=standin-loads]').textContent = String(loads);
  const res = await fetch('/standin/tokens/' + encodeURIComponent(token || ''));
  const text = res.ok ? ((await res.json()).identities || []).map((i) => i.customData || '').join(' | ') : 'unknown token';
  document.querySelector('[data-testid=standin-custom-data]').textContent = text;
}
window.addEventListener('message', (event) => {
  const message = event.data;
  if (!message || typeof message !== 'object' || typeof message.url !== 'string') return;
  const headers = message.headers || {};
  const isLoad = message.url === '/report/load' || message.url === '/report/prepare';
  const isToken = message.url === '/report/token';
  if (!isLoad && !isToken) return;
  event.source.postMessage({ statusCode: 202, headers: { id: headers.id }, body: null }, '*');
  const token = isLoad ? message.body && message.body.accessToken : message.body;
  void show(token);
  if (isLoad && headers.uid) {
    for (const name of ['loaded', 'rendered']) {
      event.source.postMessage({ method: 'POST', url: '/reports/' + headers.uid + '/events/' + name, headers: {}, body: {} }, '*');
    }
  }
});
</script>
</body></html>`;
}

export async function startPowerBiStandIn(options: PowerBiStandInOptions = {}): Promise<PowerBiStandIn> {
  const clientSecret = options.clientSecret ?? STAND_IN_CLIENT_SECRET;
  const accessSeconds = options.accessTokenSeconds ?? 3600;
  const embedSeconds = options.embedTokenSeconds ?? 3600;
  const accessTokens = new Map<string, number>();
  const embedTokens = new Map<string, StandInIdentity[]>();
  const calls: StandInCall[] = [];
  let failing: StandInStep | null = null;
  let url = '';

  const bearerOk = (req: IncomingMessage) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expires = token ? accessTokens.get(token) : undefined;
    return expires !== undefined && expires > Date.now();
  };
  const knownReport = (id: string) => !options.reportIds || options.reportIds.includes(id);

  const handle = async (req: IncomingMessage, res: ServerResponse, call: StandInCall): Promise<number> => {
    const path = call.path;
    const tokenPath = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(path);
    if (req.method === 'POST' && tokenPath) {
      if (failing === 'token') return fail(res);
      const form = new URLSearchParams(await readBody(req));
      if (form.get('grant_type') !== 'client_credentials' || form.get('scope') !== 'https://analysis.windows.net/powerbi/api/.default') {
        send(res, 400, { error: 'invalid_request' });
        return 400;
      }
      if (!form.get('client_id') || form.get('client_secret') !== clientSecret) {
        send(res, 401, { error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret provided.' });
        return 401;
      }
      const token = `entra-${randomBytes(12).toString('hex')}`;
      accessTokens.set(token, Date.now() + accessSeconds * 1000);
      send(res, 200, { token_type: 'Bearer', expires_in: accessSeconds, ext_expires_in: accessSeconds, access_token: token });
      return 200;
    }
    const reportPath = /^\/v1\.0\/myorg\/groups\/([^/]+)\/reports\/([^/]+)(\/GenerateToken)?$/.exec(path);
    if (reportPath) {
      const [, groupId, reportId, generate] = reportPath;
      call.reportId = reportId;
      if (failing === (generate ? 'generate' : 'report')) return fail(res);
      if (!bearerOk(req)) {
        send(res, 403, { error: { code: 'TokenExpired' } });
        return 403;
      }
      if (!knownReport(reportId!)) {
        send(res, 404, { error: { code: 'ItemNotFound' } });
        return 404;
      }
      if (!generate && req.method === 'GET') {
        const embedUrl = `${options.embedBaseUrl ?? url}/reportEmbed?reportId=${encodeURIComponent(reportId!)}&groupId=${encodeURIComponent(groupId!)}`;
        send(res, 200, { id: reportId, name: `Stand-in ${reportId}`, webUrl: embedUrl, embedUrl, datasetId: `dataset-${reportId}` });
        return 200;
      }
      if (generate && req.method === 'POST') {
        const body = JSON.parse((await readBody(req)) || '{}') as { accessLevel?: string; identities?: StandInIdentity[] };
        call.identities = body.identities;
        if (body.accessLevel !== 'View' || !Array.isArray(body.identities) || body.identities.length === 0) {
          send(res, 400, { error: { code: 'InvalidRequest' } });
          return 400;
        }
        const token = `embed-${randomBytes(16).toString('hex')}`;
        embedTokens.set(token, body.identities);
        const expiration = new Date(Date.now() + embedSeconds * 1000).toISOString();
        send(res, 200, { '@odata.context': `${url}/v1.0/myorg/$metadata#Microsoft.PowerBI.ServiceClient.Models.EmbedToken`, token, tokenId: randomBytes(8).toString('hex'), expiration });
        return 200;
      }
    }
    const tokenInfo = /^\/standin\/tokens\/(.*)$/.exec(path);
    if (req.method === 'GET' && tokenInfo) {
      const identities = embedTokens.get(decodeURIComponent(tokenInfo[1]!));
      send(res, identities ? 200 : 404, identities ? { identities } : { error: 'unknown token' });
      return identities ? 200 : 404;
    }
    if (req.method === 'POST' && path === '/standin/failure') {
      // the e2e's switch (tests in-process call fail()): { "step": "token" | "report" | "generate" | null }
      const step = (JSON.parse((await readBody(req)) || '{}') as { step?: StandInStep | null }).step ?? null;
      failing = step;
      send(res, 200, { failing });
      return 200;
    }
    if (req.method === 'GET' && path === '/reportEmbed') {
      const reportId = new URL(req.url ?? '/', 'http://stand-in').searchParams.get('reportId') ?? '';
      send(res, 200, embedPage(reportId), 'text/html');
      return 200;
    }
    send(res, 404, { error: 'not found' });
    return 404;
  };
  const fail = (res: ServerResponse) => {
    send(res, 500, { error: { code: 'StandInFailure' } });
    return 500;
  };

  const server = createServer((req, res) => {
    const call: StandInCall = { method: req.method ?? 'GET', path: new URL(req.url ?? '/', 'http://stand-in').pathname, status: 0 };
    if (!call.path.startsWith('/standin/') && call.path !== '/reportEmbed') calls.push(call);
    handle(req, res, call).then(
      (status) => {
        call.status = status;
      },
      () => {
        call.status = 500;
        if (!res.headersSent) fail(res);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  url = `http://${options.host === '0.0.0.0' ? '127.0.0.1' : (options.host ?? '127.0.0.1')}:${address.port}`;
  return {
    url,
    calls,
    fail(step) {
      failing = step;
    },
    identitiesOf: (token) => embedTokens.get(token),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.argv[2] ?? 0);
  const seconds = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
  const standIn = await startPowerBiStandIn({
    port,
    clientSecret: process.env.POWERBI_CLIENT_SECRET ?? STAND_IN_CLIENT_SECRET,
    accessTokenSeconds: seconds('POWERBI_STANDIN_ACCESS_SECONDS'),
    embedTokenSeconds: seconds('POWERBI_STANDIN_EMBED_SECONDS'),
    embedBaseUrl: process.env.POWERBI_STANDIN_EMBED_BASE_URL || undefined,
  });
  console.log(`Power BI stand-in on ${standIn.url}`);
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
