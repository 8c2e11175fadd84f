/** API paths of SPEC §7 (kept verbatim under /api/). */
export const AUTH_PATHS = {
  tokenExchange: '/api/auth/token-exchange',
  accessToken: '/api/auth/access-token',
  logout: '/api/auth/logout',
  userConfiguration: '/api/user/configuration',
  forgotPassword: '/api/user/forgot-password',
  resetPassword: '/api/user/reset-password',
  activateAccount: '/api/user/activate-account',
  changePassword: '/api/user/change-password',
  profile: '/api/user/profile',
  language: '/api/user/language',
  confirmEmail: '/api/user/confirm-email',
} as const;

export function logoutUrl(refreshToken: string): string {
  return `${AUTH_PATHS.logout}?${new URLSearchParams({ refreshToken })}`;
}
