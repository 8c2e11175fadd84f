import type { ErrorCode } from '../../domain/errors';

/** An expected failure with a stable code; the error plugin turns it into problem+json. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly detail?: string,
    readonly fieldErrors?: Record<string, string>,
    /** values the SPA puts into the code's text (`…Cents` ones formatted as money), e.g. a wallet's shortfall */
    readonly params?: Record<string, string | number>,
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

/** An Identity Toolkit error: always HTTP 400 with `{"error":{"code":400,"message":CODE}}`. */
export class IdentityError extends Error {
  readonly statusCode = 400;
  constructor(readonly code: ErrorCode) {
    super(code);
    this.name = 'IdentityError';
  }
}

export const unauthorized = (detail = 'Authentication required') => new ApiError(401, 'UNAUTHORIZED', detail);
export const forbidden = () => new ApiError(403, 'FORBIDDEN', 'Not allowed');
export const notFound = (detail = 'Not found') => new ApiError(404, 'NOT_FOUND', detail);
