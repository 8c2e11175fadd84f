import type { UserConfiguration } from '../../domain/schemas/auth';
import { AUTH_PATHS } from '../dataProvider/authEndpoints';
import type { HttpClient } from '../dataProvider/httpClient';
import { cacheUserConfiguration, cachedUserConfiguration } from '../dataProvider/userConfigurationCache';

/** The signed-in user's profile, company and permissions, cached for 5 minutes (SPEC §7). */
export function loadUserConfiguration(http: HttpClient): Promise<UserConfiguration> {
  const cached = cachedUserConfiguration();
  if (cached) return cached;
  const loading = http.request<UserConfiguration>(AUTH_PATHS.userConfiguration).then(({ body }) => body);
  cacheUserConfiguration(loading);
  return loading;
}
