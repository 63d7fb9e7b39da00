import { ApiError } from '@web/lib/http';

/** docs/product.md#errors-and-texts: every registration error emits this window event, for analytics and partners' pixels. */
export const REGISTRATION_ERROR_EVENT = 'registration-error';

export interface RegistrationErrorDetail {
  errorCode: number;
  errorName: 'UNKNOWN' | 'INVALID_EMAIL';
  errorMessage: string;
}

export function isInvalidEmailAnswer(error: unknown): boolean {
  return error instanceof ApiError && error.status === 422 && /^invalid email/i.test(error.message);
}

export function registrationErrorDetail(error: unknown): RegistrationErrorDetail {
  if (error instanceof ApiError) {
    return {
      errorCode: error.status,
      errorName: isInvalidEmailAnswer(error) ? 'INVALID_EMAIL' : 'UNKNOWN',
      errorMessage: error.message,
    };
  }
  return { errorCode: 0, errorName: 'UNKNOWN', errorMessage: error instanceof Error ? error.message : String(error) };
}

export function emitRegistrationError(error: unknown): RegistrationErrorDetail {
  const detail = registrationErrorDetail(error);
  window.dispatchEvent(new CustomEvent<RegistrationErrorDetail>(REGISTRATION_ERROR_EVENT, { detail }));
  return detail;
}
