import { type ErrorCode, errorHttpStatus } from '@shop/contracts';

/**
 * A catalogue outcome. Thrown anywhere in a request, it becomes `{ code, msg }` in the caller's
 * language with the HTTP status its catalogue entry names (200 for business outcomes).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly params: Record<string, string | number>;
  readonly statusCode: number;
  readonly data: unknown;

  constructor(code: ErrorCode, params: Record<string, string | number> = {}, data: unknown = null) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.params = params;
    this.statusCode = errorHttpStatus(code);
    this.data = data;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
