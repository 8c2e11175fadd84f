import { USER_CONFIGURATION_CACHE_MS } from '../../domain/constants';
import type { UserConfiguration } from '../../domain/schemas/auth';

/**
 * SPEC §7: the user configuration is cached for 5 minutes. Kept apart from the loader so the
 * token refresher can clear it without importing the http client (no import cycle).
 */
let cached: { value: Promise<UserConfiguration>; at: number } | null = null;

export function cachedUserConfiguration(now = Date.now()): Promise<UserConfiguration> | null {
  return cached && now - cached.at < USER_CONFIGURATION_CACHE_MS ? cached.value : null;
}

export function cacheUserConfiguration(value: Promise<UserConfiguration>, now = Date.now()): void {
  cached = { value, at: now };
  // a failed load must not be served from the cache
  value.catch(() => {
    if (cached?.value === value) cached = null;
  });
}

export function clearUserConfigurationCache(): void {
  cached = null;
}
