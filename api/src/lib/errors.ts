import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** A failure the client caused or may show: answered with the error shape (docs/api.md#errors) and a 4xx status. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string, details?: Record<string, unknown>) => new ApiError(400, code, message, details);
export const unauthorized = (message = 'Authentication required', code = 'unauthorized') => new ApiError(401, code, message);
export const forbidden = (message = 'You are not allowed to do this', code = 'forbidden') => new ApiError(403, code, message);
export const notFound = (message = 'Not found', code = 'not-found') => new ApiError(404, code, message);
export const conflict = (code: string, message: string) => new ApiError(409, code, message);
