import type { FastifyBaseLogger } from 'fastify';
import type { DashboardEmbed } from '../../../domain/dashboard';
import type { PowerBiConfig } from '../../config';

/**
 * Power BI Embedded, "app owns data" (README.md beside this file): the server signs in as the
 * service principal (Entra client credentials), reads the report's embed URL and dataset, and asks
 * GenerateToken for a View token whose effective identity carries the caller's companies
 * (customData, read by the dataset's RLS role). The client secret and the Entra token stay here:
 * the SPA only ever gets the embed token. Any failure answers the built-in charts with a notice;
 * its reason goes to the log only.
 */

export const POWERBI_SCOPE = 'https://analysis.windows.net/powerbi/api/.default';
/** each call's time limit */
const CALL_TIMEOUT_MS = 10_000;
/** the Entra token is used until this long before its expiry */
const TOKEN_MARGIN_MS = 5 * 60_000;

export interface EmbedRequest {
  userId: string;
  /** the company subtree the token is filtered to */
  companyIds: readonly string[];
  premium: boolean;
}

class PowerBiError extends Error {}

export class PowerBiClient {
  private token: { value: string; renewAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly config: PowerBiConfig,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async embed(request: EmbedRequest): Promise<DashboardEmbed> {
    try {
      return await this.embedOrThrow(request);
    } catch (err) {
      // the reason stays in the log (it may name the tenant or the API's answer): the caller learns only that it failed
      this.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'Power BI embed token unavailable');
      return { mode: 'builtin', fallback: 'POWERBI_UNAVAILABLE' };
    }
  }

  private async embedOrThrow(request: EmbedRequest): Promise<DashboardEmbed> {
    const { config } = this;
    const premium = request.premium && config.reportPremiumId !== null;
    const reportId = premium ? config.reportPremiumId! : config.reportBaseId;
    const base = `${config.apiUrl}/v1.0/myorg/groups/${encodeURIComponent(config.workspaceId)}/reports/${encodeURIComponent(reportId)}`;
    // one token for the embed's two calls, even one too close to its expiry to be cached
    const bearer = await this.accessToken();
    const report = await this.call<{ embedUrl?: string; datasetId?: string }>('report', bearer, base, { method: 'GET' });
    if (!report.embedUrl || !report.datasetId) throw new PowerBiError('report: no embedUrl or datasetId');
    const body = {
      accessLevel: 'View',
      identities: [{ username: request.userId, roles: [config.rlsRole], datasets: [report.datasetId], customData: request.companyIds.join(',') }],
    };
    const token = await this.call<{ token?: string; expiration?: string }>('GenerateToken', bearer, `${base}/GenerateToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!token.token || !token.expiration || Number.isNaN(Date.parse(token.expiration))) throw new PowerBiError('GenerateToken: no token or expiration');
    return { mode: 'powerbi', reportId, embedUrl: report.embedUrl, accessToken: token.token, expiresAt: new Date(token.expiration).toISOString(), level: premium ? 'premium' : 'base' };
  }

  /** A Power BI API call with the service principal's token; a 401/403 drops the cached token so the next embed signs in again. */
  private async call<T>(step: string, bearer: string, url: string, init: RequestInit): Promise<T> {
    const response = await fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${bearer}` }, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
    if (response.status === 401 || response.status === 403) this.token = null;
    if (!response.ok) throw new PowerBiError(`${step}: HTTP ${response.status}`);
    return (await response.json()) as T;
  }

  /** The Entra token, cached until a few minutes before its expiry; concurrent callers share one sign-in. */
  private async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.renewAt) return this.token.value;
    this.pending ??= this.signIn().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async signIn(): Promise<string> {
    const { config } = this;
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: config.clientId, client_secret: config.clientSecret, scope: POWERBI_SCOPE });
    const response = await fetch(`${config.authorityUrl}/${encodeURIComponent(config.tenantId)}/oauth2/v2.0/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    if (!response.ok) throw new PowerBiError(`Entra token: HTTP ${response.status}`);
    const answer = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!answer.access_token || typeof answer.expires_in !== 'number') throw new PowerBiError('Entra token: no access_token');
    this.token = { value: answer.access_token, renewAt: this.now() + Math.max(0, answer.expires_in * 1000 - TOKEN_MARGIN_MS) };
    return answer.access_token;
  }
}
