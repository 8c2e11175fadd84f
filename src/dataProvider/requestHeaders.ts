import { REQUEST_LANGUAGE } from '../../domain/constants';

/** Headers every call sends (SPEC §7), plus the bearer token when one is stored. */
export function baseHeaders(accessToken: string | null): Headers {
  const headers = new Headers({
    Accept: 'application/json',
    'Accept-Language': REQUEST_LANGUAGE,
    'Cache-Control': 'no-cache',
  });
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  const xsrf = readCookie('XSRF-TOKEN');
  if (xsrf) headers.set('X-XSRF-TOKEN', xsrf);
  return headers;
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}
