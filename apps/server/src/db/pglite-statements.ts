import { type PGlite, type QueryOptions, type Results, type Transaction, types } from "@electric-sql/pglite";

/**
 * The types drizzle's PGlite driver reads as the text Postgres sends (its column mappers
 * parse them): timestamps, dates, intervals and their arrays. A PGlite opened with these
 * `textParsers` needs no per-query parsers, and withPreparedStatements drops drizzle's:
 * PGlite would otherwise merge them into its ~300 parsers on every query (about 80 µs).
 */
const TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;
export const textParsers: Record<number, (value: string) => string> = Object.fromEntries(
  TEXT_TYPES.map((type) => [type, asText]),
);

/**
 * PGlite's query() parses and plans each query again (its extended protocol has only the
 * unnamed statement), and planning reads each table's size from the file system: for the
 * small queries of a signed-in page that is most of their cost. On PostgreSQL, drizzle's
 * `.prepare(name)` keeps a named statement per connection; PGlite has no such path.
 *
 * So a query text seen a second time is prepared once (PREPARE), and run from then on by
 * name (EXECUTE) with its values as SQL literals: the very text PGlite would bind (its own
 * serializer for each parameter type Postgres inferred), quoted for standard_conforming_strings.
 * Postgres re-plans such a statement itself when a table it reads changes. The EXECUTE has
 * no parameters, so it goes by the simple protocol (exec): one message where query() sends five.
 *
 * Statements PREPARE does not take, and values a literal should not carry (long, or with NUL),
 * use query() as before, and so do a transaction's queries (drizzle runs them on PGlite's
 * transaction), which only lose parsers the client has (`textParsers`). The `max` most
 * recently used texts are kept.
 */
export function withPreparedStatements(client: PGlite, options: { max: number } = { max: 500 }): PGlite {
  /** By query text, least recently used first; `statement` once the text has been seen twice. */
  const texts = new Map<string, { statement?: Promise<Statement | null> }>();
  let next = 0;
  const ownParsers = withoutOwnParsers(client);

  const prepare = async (text: string): Promise<Statement | null> => {
    try {
      const { queryParams } = await client.describeQuery(text);
      const name = `prepared_${next++}`;
      await client.exec(`prepare ${name} as ${text}`);
      return { name, serializers: queryParams.map((param) => param.serializer ?? String) };
    } catch {
      // It fails the same way through query(), which reports it.
      return null;
    }
  };

  const forget = (text: string) => {
    const entry = texts.get(text);
    texts.delete(text);
    void entry?.statement?.then((statement) => {
      if (statement) return client.exec(`deallocate ${statement.name}`).catch(() => {});
    });
  };

  const query = async <T>(text: string, params: unknown[] = [], given?: QueryOptions): Promise<Results<T>> => {
    const queryOptions = ownParsers(given);
    if (queryOptions?.blob || queryOptions?.paramTypes || !PREPARABLE.test(text) || text.includes(";")) {
      return client.query<T>(text, params, queryOptions);
    }
    const entry = texts.get(text);
    if (!entry) {
      if (texts.size >= options.max) forget(texts.keys().next().value as string);
      texts.set(text, {});
      return client.query<T>(text, params, queryOptions);
    }
    texts.delete(text);
    texts.set(text, entry);
    entry.statement ??= prepare(text);
    const statement = await entry.statement;
    const literals = statement && literalsOf(statement, params);
    if (!statement || !literals) return client.query<T>(text, params, queryOptions);
    const execute = literals.length ? `execute ${statement.name}(${literals.join(", ")})` : `execute ${statement.name}`;
    try {
      const [result] = await client.exec(execute, queryOptions);
      return result as Results<T>;
    } catch (error) {
      // "cached plan must not change result type": a table's columns changed under it.
      if ((error as { code?: string }).code !== "0A000") throw error;
      forget(text);
      return client.query<T>(text, params, queryOptions);
    }
  };

  const transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    client.transaction((tx) =>
      callback(
        new Proxy(tx, {
          get(target, property) {
            if (property === "query")
              return <R>(text: string, params?: unknown[], given?: QueryOptions) =>
                target.query<R>(text, params, ownParsers(given));
            return Reflect.get(target, property, target);
          },
        }),
      ),
    );

  return new Proxy(client, {
    get(target, property) {
      if (property === "query") return query;
      if (property === "transaction") return transaction;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const PROBE = "\u0000the text as sent";

/**
 * Query options without their parsers where the client's own parse those types alike
 * (each gives back the text it is given, as `textParsers` do); otherwise as given.
 * Decided once per options object: drizzle passes the same one for each of its queries.
 */
function withoutOwnParsers(client: PGlite): (options: QueryOptions | undefined) => QueryOptions | undefined {
  const decided = new WeakMap<QueryOptions, QueryOptions>();
  const givesText = (parse: ((value: string, type: number) => unknown) | undefined, type: string) => {
    try {
      return parse?.(PROBE, Number(type)) === PROBE;
    } catch {
      return false;
    }
  };
  const own = (type: string, parse: (value: string, type: number) => unknown) =>
    givesText(parse, type) && givesText(client.parsers[type], type);
  return (options) => {
    if (!options?.parsers) return options;
    let result = decided.get(options);
    if (!result) {
      const { parsers, ...rest } = options;
      result = Object.entries(parsers).every(([type, parse]) => own(type, parse)) ? rest : options;
      decided.set(options, result);
    }
    return result;
  };
}

interface Statement {
  name: string;
  serializers: ((value: unknown) => string)[];
}

const PREPARABLE = /^\s*(select|insert|update|delete|with|values)\b/i;
/** Longer values stay bound parameters: as a literal they would be copied and parsed again. */
const MAX_LITERAL = 16 * 1024;

/** The values as SQL literals; null when one should not be written as a literal. */
function literalsOf(statement: Statement, params: unknown[]): string[] | null {
  if (params.length !== statement.serializers.length) return null;
  const literals: string[] = [];
  for (const [i, value] of params.entries()) {
    if (value === null || value === undefined) {
      literals.push("null");
      continue;
    }
    const text = (statement.serializers[i] ?? String)(value);
    if (text.length > MAX_LITERAL || text.includes("\0")) return null;
    literals.push(`'${text.replaceAll("'", "''")}'`);
  }
  return literals;
}
