import { USER_CONFIGURATION_CACHE_MS } from '../../domain/constants';
import type { UserConfiguration } from '../../domain/schemas/auth';

/**
 * SPEC §7: the user configuration is cached for 5 minutes. Kept apart from the loader so the
 * token refresher can clear it without importing the http client (no import cycle).
 */
let cached: { value: Promise<UserConfiguration>; at: number; settled?: UserConfiguration } | null = null;

export function cachedUserConfiguration(now = Date.now()): Promise<UserConfiguration> | null {
  return cached && now - cached.at < USER_CONFIGURATION_CACHE_MS ? cached.value : null;
}

/** The cached configuration once it has arrived (fresh), else undefined: for answers that need no wait. */
export function settledUserConfiguration(now = Date.now()): UserConfiguration | undefined {
  return cached && now - cached.at < USER_CONFIGURATION_CACHE_MS ? cached.settled : undefined;
}

export function cacheUserConfiguration(value: Promise<UserConfiguration>, now = Date.now()): void {
  const entry: NonNullable<typeof cached> = { value, at: now };
  cached = entry;
  value.then(
    (configuration) => (entry.settled = configuration),
    () => undefined,
  );
  // a failed load must not be served from the cache
  value.catch(() => {
    if (cached?.value === value) cached = null;
  });
}

export function clearUserConfigurationCache(): void {
  cached = null;
}
