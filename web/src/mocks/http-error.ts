import { HttpResponse } from 'msw';

/** CONTRACT: every failure answers `{ error: { code, message } }`. */
export function errorResponse(status: number, code: string, message: string) {
  return HttpResponse.json({ error: { code, message } }, { status });
}
