import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { ApiError } from './errors.js';

/**
 * zod validation that answers the error shape (docs/api.md#errors): 400, code `invalid-<target>`, the first issue's message
 * (the documented text where the shared schema carries one) and every field's message in `details.fields`.
 */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const fields: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const key = issue.path.join('.') || '_';
        fields[key] ??= issue.message;
      }
      const first = result.error.issues[0];
      throw new ApiError(400, `invalid-${target}`, first?.message ?? 'Invalid request', { fields });
    }
  });
}
