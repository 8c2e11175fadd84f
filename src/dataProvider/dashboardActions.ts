import type { DashboardEmbed, DashboardQuery, DashboardStats } from '../../domain/dashboard';
import type { HttpClient } from './httpClient';
import { resourcePath } from './resourcePaths';

/**
 * The analytics dashboard (the route list in domain/dashboard.ts): the built-in charts' figures
 * and how the page is to show them (Power BI Embedded or the built-in charts).
 */
export interface DashboardActions {
  /** The period's figures of the company looked at (or `query.companyId` below it); 400 VALIDATION_ERROR for a wrong period. */
  dashboardStats(query: DashboardQuery, signal?: AbortSignal): Promise<DashboardStats>;
  /** Power BI's report and embed token when the server is configured for it, else `builtin` (with `fallback` when the token could not be had). */
  dashboardEmbed(signal?: AbortSignal): Promise<DashboardEmbed>;
}

export function dashboardActions(http: HttpClient): DashboardActions {
  return {
    async dashboardStats(query, signal) {
      return (await http.request<DashboardStats>(`${resourcePath('dashboard')}/stats`, { query: { ...query }, signal })).body;
    },
    async dashboardEmbed(signal) {
      return (await http.request<DashboardEmbed>(`${resourcePath('dashboard')}/embed`, { signal })).body;
    },
  };
}
