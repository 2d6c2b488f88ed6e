import { LocalServiceError } from '@latchkey/local-ports'

/** The `code` of an error answer `{ error: { code, message, ... } }`. */
export type ApiErrorCode =
  | 'INVALID_JSON'
  | 'INVALID_BODY'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'BODY_TOO_LARGE'
  | 'ORIGIN_NOT_ALLOWED'
  | 'UNAUTHORIZED'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'RATE_LIMITED'
  | 'NO_CODE'
  | 'WRONG_CODE'
  | 'CODE_EXPIRED'
  | 'CODE_USED'
  | 'TOO_MANY_TRIES'
  | 'DEVICE_NOT_VERIFIED'
  | 'EMAIL_IN_USE'
  | 'MAIL_FAILED'
  | 'ORIGINS_UNAVAILABLE'
  | 'INTERNAL'

/** An answer other than 2xx: `{ error: { code, message, ...extra } }` with `status`. */
export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    /** More fields of the error object: `field`, `triesLeft`, `retryAfter`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

/** A 400 naming the body field at fault: `email: must be an email address`. */
export function invalidField(field: string, problem: string): ApiError {
  return new ApiError(400, 'INVALID_BODY', `${field}: ${problem}`, { field })
}

/** The service cannot start as configured (a missing key-encryption key, a malformed config file …). */
export class AuthConfigError extends LocalServiceError {
  override name = 'AuthConfigError'
}
