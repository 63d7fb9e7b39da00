import { HttpResponse } from 'msw';

/** docs/api.md#errors: every failure answers `{ error: { code, message } }`. */
export function errorResponse(status: number, code: string, message: string) {
  return HttpResponse.json({ error: { code, message } }, { status });
}
