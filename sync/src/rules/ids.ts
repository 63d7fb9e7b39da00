import { z } from 'zod';

/** The ids the API hands out (PostgreSQL uuids), in either letter case. Anything else names no row. */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the value can be an id: a path or body value that is not one is answered without the database. */
export function isUuid(value: string | null | undefined): value is string {
  return !!value && UUID_PATTERN.test(value);
}

/** An id in a request body. */
export const uuidSchema = z.string().regex(UUID_PATTERN, 'Must be an id');
