import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** What the dialect needs of PGlite: PGlite itself (tests) or the worker thread that owns it (`npm start`). */
export interface PgliteSession {
  readonly waitReady: Promise<void>;
  readonly closed: boolean;
  query<R>(sql: string, params: unknown[], options: { rowMode: 'object' }): Promise<{ rows: R[]; affectedRows?: number }>;
  close(): Promise<void>;
}

/**
 * Counts the statements that may write, ticking when each starts and when it ends. A read that
 * began and ended on one count saw no write: nothing could have changed what it read (see ReadCache).
 */
export class WriteClock {
  value = 0;
  tick(): void {
    this.value++;
  }
}

// Conservative: anything not a plain SELECT (or WITH … SELECT) naming none of the writing verbs counts
// as a write; BEGIN, COMMIT and DDL included. A false positive only costs a cache refill. A SELECT of a
// function that writes would be missed: none exists, and none may be added without listing it here.
const READ_ONLY = /^\s*\(?\s*(?:select|with)\b/i;
const WRITING = /\b(?:insert|update|delete|merge|truncate|copy|call|lock|share|into|nextval|setval|set_config|pg_notify)\b/i;

export function statementMayWrite(sql: string): boolean {
  return !READ_ONLY.test(sql) || WRITING.test(sql);
}

/** What every Kysely instance on one session shares: its write clock, and the turn to hold its connection. */
type SessionState = { clock: WriteClock; tail: Promise<void> };
const sessions = new WeakMap<PgliteSession, SessionState>();

function sessionState(pglite: PgliteSession): SessionState {
  let state = sessions.get(pglite);
  if (!state) sessions.set(pglite, (state = { clock: new WriteClock(), tail: Promise.resolve() }));
  return state;
}

/** One clock per session, however many Kysely instances share it. */
export function writeClockOf(pglite: PgliteSession): WriteClock {
  return sessionState(pglite).clock;
}

/**
 * Kysely dialect for PGlite. PGlite is one session, so the driver hands its single connection to
 * one user at a time in arrival order: a transaction keeps it from BEGIN to COMMIT/ROLLBACK, so
 * no concurrent query can run inside (or see the uncommitted rows of) someone else's transaction.
 */
export class PgliteDialect implements Dialect {
  constructor(private readonly pglite: PgliteSession) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PgliteDriver(this.pglite);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}

class PgliteDriver implements Driver {
  private readonly connection: PgliteConnection;
  // Turns are per session, not per driver: another Kysely instance's statement must not run inside this one's transaction.
  private readonly session: SessionState;
  private release: (() => void) | undefined;

  constructor(private readonly pglite: PgliteSession) {
    this.connection = new PgliteConnection(pglite);
    this.session = sessionState(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.session.tail;
    let release!: () => void;
    this.session.tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.release = release;
    return this.connection;
  }

  async releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = undefined;
    release?.();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await connection.executeQuery(CompiledQuery.raw(`begin${isolation}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    await this.session.tail;
    if (!this.pglite.closed) await this.pglite.close();
  }
}

class PgliteConnection implements DatabaseConnection {
  private readonly clock: WriteClock;

  constructor(private readonly pglite: PgliteSession) {
    this.clock = writeClockOf(pglite);
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const writes = statementMayWrite(compiledQuery.sql);
    if (writes) this.clock.tick();
    try {
      const result = await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters], { rowMode: 'object' });
      return {
        rows: result.rows,
        ...(result.affectedRows !== undefined ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
      };
    } finally {
      if (writes) this.clock.tick();
    }
  }

  // eslint-disable-next-line require-yield -- Kysely's interface wants a generator; streaming is refused outright.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite driver does not support streaming');
  }
}
