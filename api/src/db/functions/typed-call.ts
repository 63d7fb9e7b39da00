import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor, PreparedStatement } from '../client.js';
import type { creditReasonEnum, messageTypeEnum } from '../schema/index.js';
import { rowsOf } from '../rows.js';

/** The SQL types the functions take, each with the TypeScript value given for it. */
interface SqlTypes {
  uuid: string;
  text: string;
  int: number;
  boolean: boolean;
  timestamptz: Date;
  /** Sent as its JSON text. */
  jsonb: unknown;
  message_type: (typeof messageTypeEnum.enumValues)[number];
  credit_reason: (typeof creditReasonEnum.enumValues)[number];
}

type SqlType = keyof SqlTypes;
/** An argument's SQL type; a trailing `?` lets it be null. */
export type ArgType = SqlType | `${SqlType}?`;
type ValueOf<T extends ArgType> = T extends `${infer Base extends SqlType}?` ? SqlTypes[Base] | null : T extends SqlType ? SqlTypes[T] : never;
export type ArgsOf<A extends Record<string, ArgType>> = { [K in keyof A]: ValueOf<A[K]> };

/**
 * A database function (api/src/db/functions/<name>.sql) as TypeScript calls it: its arguments by name, each cast
 * to its SQL type (`select f(p_x => $1::uuid, …)`, so an argument can neither slip into another's place nor be
 * left out), and its one value parsed by `result`. `call` runs it as its own transaction, prepared by name, so
 * PostgreSQL parses and plans the call once per connection (the hot paths: docs/decisions/0017-…); `callIn` runs
 * the same call inside the caller's transaction (an Idempotency-Key's, a push's own mutation).
 */
export class DbFunction<A extends Record<string, ArgType>, R extends z.ZodType> {
  readonly statement: PreparedStatement;
  /** The arguments in the order they are bound ($1, $2, …), each with its SQL type. */
  readonly params: { name: keyof A & string; type: SqlType }[];

  constructor(
    readonly name: string,
    readonly args: A,
    readonly result: R,
  ) {
    this.params = Object.entries(args).map(([arg, type]) => ({ name: arg, type: type.replace(/\?$/, '') as SqlType }));
    const list = this.params.map((p, i) => `${p.name} => $${i + 1}::${p.type}`).join(', ');
    this.statement = { name, text: `select ${name}(${list}) as out` };
  }

  async call(database: Pick<Database, 'prepared'>, args: ArgsOf<A>): Promise<z.output<R>> {
    const [row] = await database.prepared<{ out: unknown }>(this.statement, this.values(args));
    return this.result.parse(row!.out);
  }

  async callIn(exec: Executor, args: ArgsOf<A>): Promise<z.output<R>> {
    const values = this.values(args);
    const list = sql.join(
      this.params.map((p, i) => sql`${sql.raw(p.name)} => ${values[i]}::${sql.raw(p.type)}`),
      sql`, `,
    );
    const [row] = rowsOf<{ out: unknown }>(await exec.execute(sql`select ${sql.raw(this.name)}(${list}) as out`));
    return this.result.parse(row!.out);
  }

  /** In the declared order; timestamps as ISO text and JSON as its text, which both drivers send alike. */
  private values(args: ArgsOf<A>): unknown[] {
    return this.params.map(({ name, type }) => {
      const value: unknown = args[name];
      if (value === undefined) throw new Error(`${this.name}: ${name} is missing`);
      if (value === null) return null;
      if (type === 'timestamptz') return (value as Date).toISOString();
      if (type === 'jsonb') return JSON.stringify(value);
      return value;
    });
  }
}
