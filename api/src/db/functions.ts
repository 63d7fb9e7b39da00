import { sql } from 'drizzle-orm';
import type { Database, Executor, PreparedStatement } from './client.js';
import { rowsOf } from './rows.js';

/**
 * A database function of the hot paths (api/drizzle/0011_claim_and_reply_one_statement_each.sql), called
 * with its arguments cast to the given SQL types, answering its one value. `call` runs it as its own
 * transaction, prepared by name, so PostgreSQL parses and plans the call once per connection; `callIn` runs the
 * same call inside the caller's transaction (an Idempotency-Key's, say).
 */
export class DbFunction<Out> {
  private readonly statement: PreparedStatement;

  constructor(
    private readonly fn: string,
    private readonly argTypes: readonly string[],
  ) {
    this.statement = { name: fn, text: `select ${fn}(${argTypes.map((type, i) => `$${i + 1}::${type}`).join(', ')}) as out` };
  }

  async call(database: Pick<Database, 'prepared'>, values: readonly unknown[]): Promise<Out> {
    const [row] = await database.prepared<{ out: Out }>(this.statement, this.checked(values));
    return row!.out;
  }

  async callIn(exec: Executor, values: readonly unknown[]): Promise<Out> {
    const args = sql.join(
      this.checked(values).map((value, i) => sql`${value}::${sql.raw(this.argTypes[i]!)}`),
      sql`, `,
    );
    const [row] = rowsOf<{ out: Out }>(await exec.execute(sql`select ${sql.raw(this.fn)}(${args}) as out`));
    return row!.out;
  }

  private checked(values: readonly unknown[]): unknown[] {
    if (values.length !== this.argTypes.length) throw new Error(`${this.fn} takes ${this.argTypes.length} arguments, not ${values.length}`);
    return [...values];
  }
}
