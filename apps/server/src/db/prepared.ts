// Named statements on a PostgreSQL server (issue 32; docs/decisions/058-prepared-statements.md):
// Kysely sends each query's text with its parameters, and PostgreSQL parses and plans it every
// time. Here a text seen before goes under a name, so each connection parses it once and reuses
// the plan. A `SELECT *` (or `RETURNING *`) is never named: its columns change when another
// instance migrates, and a prepared statement's may not. At most MAX_NAMED texts a process are
// named, so that queries built with lists of every length do not fill the server's memory.
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/** A `*` that is not `count(*)`: all of a table's columns, whatever they are at the time. */
const ALL_COLUMNS = /(?<!\()\*/;

/** Distinct texts named per process; later ones are sent unnamed. */
const MAX_NAMED = 500;

/** The pool, its clients sending known texts as named statements. */
export const namingStatements = (pool: pg.Pool, maxNamed = MAX_NAMED): PostgresPool => {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    const known = names.get(text);
    if (known !== undefined || names.size >= maxNamed || ALL_COLUMNS.test(text)) return known;
    const name = `eta_${names.size}`;
    names.set(text, name);
    return name;
  };
  return {
    connect: async (): Promise<PostgresPoolClient> => {
      const client = await pool.connect();
      function query<R>(text: string, values: readonly unknown[]): Promise<PostgresQueryResult<R>>;
      function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
      function query(
        text: string | PostgresCursor<unknown>,
        values?: readonly unknown[],
      ): Promise<unknown> | PostgresCursor<unknown> {
        if (typeof text !== 'string') return client.query(text as never);
        const name = nameOf(text);
        const parameters = values as unknown[];
        return name === undefined
          ? client.query(text, parameters)
          : client.query({ name, text, values: parameters });
      }
      return { query, release: () => client.release() };
    },
    end: () => pool.end(),
  };
};
