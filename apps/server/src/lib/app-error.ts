/** Domain errors, each code mapped to one HTTP status in one table. */
export const ERROR_STATUS = {
  invalid: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  /** A payment provider did not answer or failed: nothing was charged or written. */
  provider_unavailable: 502,
} as const;

export type AppErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}
