/**
 * What the fuzz test sends: valid inputs generated from an operation's zod schemas (zod-schema-faker, seeded), and
 * hostile ones. Each hostile input is judged by the same schema: one the schema refuses must answer 4xx and
 * change nothing; one it accepts (an unknown field on a loose object, say) must only not answer 5xx.
 */
import { z } from 'zod';
import { fake, getFaker } from 'zod-schema-faker/v4';
import type { Operation } from '../describe.js';

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export interface Request {
  op: Operation;
  /** Which invalid-input class (or `valid`). */
  kind: string;
  params: Record<string, string>;
  query: Record<string, string>;
  /** JSON text, a form, or nothing. */
  body?: string | FormData | URLSearchParams;
  /** The schemas refuse it: the answer must be 4xx and nothing may change. */
  mustFail: boolean;
}

export const random = () => getFaker();

/**
 * Values for fields whose rules live in refinements the faker cannot see (an email, a password, a birth date),
 * by field name, so generated requests get past validation to the code behind it.
 */
function hints(ids: Record<string, string>): Record<string, () => unknown> {
  const f = random();
  return {
    email: () => f.internet.email().toLowerCase(),
    new_email: () => f.internet.email().toLowerCase(),
    password: () => 'correct horse 1',
    currentPassword: () => 'correct horse 1',
    username: () => `fuzz_${f.string.alphanumeric(8).toLowerCase()}`,
    birthDate: () => '1990-04-12',
    name: () => f.person.fullName(),
    firstName: () => f.person.firstName(),
    lastName: () => f.person.lastName(),
    cardholder: () => f.person.fullName(),
    message: () => f.lorem.sentence(),
    cardNumber: () => '4242 4242 4242 4242',
    cvv: () => '123',
    zip: () => '12345',
    expMonth: () => 12,
    expYear: () => 2035,
    currency: () => 'USD',
    country: () => 'US',
    clientId: () => 'fuzz-client-1',
    toUserId: () => ids.fictive,
    favourite: () => ids.fictive,
    userId: () => ids.member,
    callbackUrl: () => '/?verify-age=true',
    cancelUrl: () => '/',
    returnUrl: () => '/',
    validationUrl: () => 'https://apple-pay-gateway.apple.com/paymentservices/startSession',
    terms: () => true,
  };
}

function withHints(value: unknown, table: Record<string, () => unknown>): unknown {
  if (Array.isArray(value)) return value.map((item) => withHints(item, table));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, Object.hasOwn(table, key) && v !== undefined ? table[key]!() : withHints(v, table)]));
}

/**
 * A value from the schema's faker, with the field-name hints applied when that makes it valid (or the faker
 * could not make a valid one); undefined when the faker cannot make one.
 */
export function fakeOf(schema: z.ZodType | undefined, ids: Record<string, string> = {}): unknown {
  if (!schema) return undefined;
  let value: unknown;
  try {
    value = fake(schema);
  } catch {
    return undefined;
  }
  const hinted = withHints(value, hints(ids));
  return accepts(schema, hinted) || !accepts(schema, value) ? hinted : value;
}

/** Whether `schema` accepts `value`; a schema that throws (a stack overflow on deep nesting) refuses it. */
export function accepts(schema: z.ZodType | undefined, value: unknown): boolean {
  if (!schema) return value === undefined;
  try {
    return schema.safeParse(value).success;
  } catch {
    return false;
  }
}

function parsesAndAccepts(schema: z.ZodType | undefined, text: string): boolean {
  try {
    return accepts(schema, JSON.parse(text));
  } catch {
    return false;
  }
}

/** Query strings as the wire carries them. */
export function asQuery(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) if (v !== undefined && v !== null) out[key] = typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  return out;
}

const NUL = 'before\u0000after';
const LONE_SURROGATE = 'before\uD800after';
const HUGE = 'x'.repeat(100_000);

/** A value of another JSON type than `value`, so any schema that typed the field refuses it. */
export function wrongType(value: unknown): Json {
  if (typeof value === 'string') return { nested: { value: 1 } };
  if (typeof value === 'number') return 'not a number';
  if (typeof value === 'boolean') return 'yes';
  if (Array.isArray(value)) return 7;
  if (value && typeof value === 'object') return 'an object was expected';
  return [[['?']]];
}

/** `depth` arrays inside each other, as JSON text (built as text: a value this deep overflows JSON.stringify). */
export function deepJson(depth: number): string {
  return `${'['.repeat(depth)}1${']'.repeat(depth)}`;
}

/** String values to try in a field or parameter, each with its class name. */
function hostileStrings(): [string, string][] {
  const list: [string, string][] = [
    ['huge-string', HUGE],
    ['sql-ish', "1' OR '1'='1"],
    ['html', '<script>alert(1)</script>'],
    ['unicode', '\u202e\u{1F600}\u0301'],
  ];
  list.push(['nul-byte', NUL], ['lone-surrogate', LONE_SURROGATE]);
  return list;
}

function judged(op: Operation, kind: string, parts: Omit<Request, 'op' | 'kind' | 'mustFail'>, valid: boolean): Request {
  return { op, kind, ...parts, mustFail: !valid };
}

/**
 * A URL carries a lone surrogate only as the bytes of one, which the server's percent-decoding turns into U+FFFD:
 * path and query values are judged as the server will read them.
 */
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const asDecoded = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.replace(LONE, '\uFFFD')]));

export const BAD_IDS = ['not-a-uuid', '00000000-0000-0000-0000-000000000000', "1' OR '1'='1", '-1', 'x'.repeat(2000), '\u202e', '../../etc/passwd', 'a\u0000b', 'a\uD800b'];

/** Path parameters replaced, one at a time, with ids that are not ids. */
export function badIdRequests(op: Operation, params: Record<string, string>, query: Record<string, string>, body: Request['body']): Request[] {
  const out: Request[] = [];
  for (const name of Object.keys(params)) {
    for (const bad of BAD_IDS) {
      const next = { ...params, [name]: bad };
      const kind = bad.includes('\u0000') ? 'bad-id:nul-byte' : bad.includes('\uD800') ? 'bad-id:lone-surrogate' : 'bad-id';
      out.push(judged(op, kind, { params: next, query, body }, accepts(op.params, asDecoded(next))));
    }
  }
  return out;
}

/** Query parameters replaced, one at a time, with values of the wrong kind. */
export function badQueryRequests(op: Operation, params: Record<string, string>, query: Record<string, string>, body: Request['body']): Request[] {
  if (!op.query) return [];
  const out: Request[] = [];
  for (const name of Object.keys(op.query.shape)) {
    const values: [string, string][] = [['wrong-type', 'abc'], ['negative', '-1'], ['huge-number', '9'.repeat(40)], ...hostileStrings().map(([k, v]) => [k, v.slice(0, 4000)] as [string, string])];
    for (const [kind, value] of values) {
      const next = { ...query, [name]: value };
      out.push(judged(op, `query:${kind}`, { params, query: next, body }, accepts(op.query, asDecoded(next))));
    }
  }
  return out;
}

/** Broken JSON bodies and bodies with hostile fields. */
export function badBodyRequests(op: Operation, params: Record<string, string>, query: Record<string, string>, valid: unknown): Request[] {
  if (!op.body) return [];
  const out: Request[] = [];
  // Judged on what the server's JSON.parse makes of the text, as the server would.
  const text = (kind: string, body: string) => out.push(judged(op, `body:${kind}`, { params, query, body }, parsesAndAccepts(op.body, body)));
  text('syntax', '{"message": ');
  text('trailing', '{} {}');
  text('not-an-object', '[]');
  text('a-string', '"text"');
  text('a-number', '1e999');
  text('null', 'null');
  text('oversized', JSON.stringify({ message: 'x'.repeat(300 * 1024) }));
  text('deep-nesting', `{"nested": ${deepJson(50_000)}}`);
  const base = valid && typeof valid === 'object' && !Array.isArray(valid) ? (valid as Record<string, unknown>) : {};
  const keys = new Set([...Object.keys(base), ...(op.body instanceof z.ZodObject ? Object.keys(op.body.shape) : [])]);
  const withField = (key: string, valueJson: string) => JSON.stringify({ ...base, [key]: 0 }).replace(`${JSON.stringify(key)}:0`, `${JSON.stringify(key)}:${valueJson}`);
  for (const key of keys) {
    text('wrong-type', withField(key, JSON.stringify(wrongType(base[key] ?? ''))));
    text('null-field', withField(key, 'null'));
    for (const [kind, value] of hostileStrings()) text(kind, withField(key, JSON.stringify(value)));
    text('deep-field', withField(key, deepJson(2_000)));
  }
  // JSON.parse makes __proto__ an own key; a schema must not let it through to anything that merges objects.
  text('unknown-fields', JSON.stringify({ ...base, unknownField: 'x', constructor: { prototype: { polluted: true } } }).replace(/^\{/, '{"__proto__": {"polluted": true},'));
  return out;
}
