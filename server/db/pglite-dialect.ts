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
  /** `blob`: the data a COPY … FROM '/dev/blob' reads. */
  query<R>(sql: string, params: unknown[], options: { rowMode: 'object'; blob?: Blob }): Promise<{ rows: R[]; affectedRows?: number }>;
  /** The data directory as a tar (see `betweenTransactions`); absent on sessions that cannot dump. */
  dumpDataDir?(): Promise<Blob>;
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

/** The data of a COPY … FROM '/dev/blob', passed as the statement's one parameter: PGlite reads it as that file. */
export class CopyData {
  constructor(readonly blob: Blob) {}
}

/** PostgreSQL's adapter, marking a database as PGlite, which can COPY from a blob (see copiesFromBlob). */
export class PgliteAdapter extends PostgresAdapter {}

type Release = () => void;

/** How long a queued transaction may be passed by statements: a steady stream of reads must not starve writes. */
export const MAX_TRANSACTION_WAIT_MS = 200;

/**
 * Turns at PGlite's one connection. A transaction holds it from BEGIN to COMMIT; a statement outside
 * any transaction holds it while it runs. Waiting statements go before waiting transactions, so a
 * console read waits for the transaction under way (an ingest batch) but not for those queued behind
 * it; and a freed connection is handed on at the next turn of the event loop, so the statement a
 * request sends right after its previous one was answered still comes before a queued transaction.
 */
export class ConnectionTurns {
  private busy = false;
  private handing = false;
  private readonly statements: (() => void)[] = [];
  private readonly transactions: { grant: () => void; since: number }[] = [];

  /** `now` in milliseconds; tests pass their own clock. */
  constructor(private readonly now: () => number = () => performance.now()) {}

  acquire(kind: 'statement' | 'transaction'): Promise<Release> {
    return new Promise((resolve) => {
      const grant = () => {
        this.busy = true;
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          this.busy = false;
          this.handOn();
        });
      };
      if (!this.busy && !this.handing && this.statements.length === 0 && this.transactions.length === 0) return grant();
      if (kind === 'statement') this.statements.push(grant);
      else this.transactions.push({ grant, since: this.now() });
      this.handOn();
    });
  }

  private handOn(): void {
    if (this.busy || this.handing) return;
    this.handing = true;
    setImmediate(() => {
      this.handing = false;
      if (this.busy) return;
      // Statements first, but a transaction never waits more than MAX_TRANSACTION_WAIT_MS behind them.
      const overdue = this.transactions.length > 0 && this.now() - this.transactions[0]!.since >= MAX_TRANSACTION_WAIT_MS;
      (overdue ? this.transactions.shift()!.grant : (this.statements.shift() ?? this.transactions.shift()?.grant))?.();
    });
  }
}

/** What every Kysely instance on one session shares: its write clock, and the turns at its connection. */
type SessionState = { clock: WriteClock; turns: ConnectionTurns };
const sessions = new WeakMap<PgliteSession, SessionState>();

function sessionState(pglite: PgliteSession): SessionState {
  let state = sessions.get(pglite);
  if (!state) sessions.set(pglite, (state = { clock: new WriteClock(), turns: new ConnectionTurns() }));
  return state;
}

/** One clock per session, however many Kysely instances share it. */
export function writeClockOf(pglite: PgliteSession): WriteClock {
  return sessionState(pglite).clock;
}

/**
 * Runs `work` while the session's connection is between transactions: after the transaction under
 * way commits and before the next begins, with no statement running. A dump taken so holds no half
 * transaction.
 */
export async function betweenTransactions<T>(pglite: PgliteSession, work: () => Promise<T>): Promise<T> {
  const release = await sessionState(pglite).turns.acquire('transaction');
  try {
    return await work();
  } finally {
    release();
  }
}

/**
 * Kysely dialect for PGlite. PGlite is one session, so the driver hands its single connection to
 * one user at a time in arrival order: a transaction keeps it from BEGIN to COMMIT/ROLLBACK, so
 * no concurrent query can run inside (or see the uncommitted rows of) someone else's transaction.
 */
export class PgliteDialect implements Dialect {
  constructor(private readonly pglite: PgliteSession) {}
  createAdapter() {
    return new PgliteAdapter();
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
  // Turns are per session, not per driver: another Kysely instance's statement must not run inside this one's transaction.
  private readonly session: SessionState;

  constructor(private readonly pglite: PgliteSession) {
    this.session = sessionState(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  /** A handle that takes its turn when it is used: for a transaction at BEGIN, for a lone statement when it runs. */
  async acquireConnection(): Promise<DatabaseConnection> {
    return new PgliteConnection(this.pglite, this.session);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as PgliteConnection).endTransaction();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await (connection as PgliteConnection).beginTransaction(`begin${isolation}`);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
    (connection as PgliteConnection).endTransaction();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
    (connection as PgliteConnection).endTransaction();
  }

  async destroy(): Promise<void> {
    // After everything already waiting; the turn is never given back: the session closes.
    await this.session.turns.acquire('transaction');
    if (!this.pglite.closed) await this.pglite.close();
  }
}

class PgliteConnection implements DatabaseConnection {
  /** Set from BEGIN until COMMIT or ROLLBACK: the transaction's turn. */
  private transaction: Release | undefined;

  constructor(
    private readonly pglite: PgliteSession,
    private readonly session: SessionState,
  ) {}

  async beginTransaction(sql: string): Promise<void> {
    this.transaction = await this.session.turns.acquire('transaction');
    try {
      await this.run(CompiledQuery.raw(sql));
    } catch (error) {
      this.endTransaction();
      throw error;
    }
  }

  endTransaction(): void {
    this.transaction?.();
    this.transaction = undefined;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    if (this.transaction) return this.run(compiledQuery);
    const release = await this.session.turns.acquire('statement');
    try {
      return await this.run(compiledQuery);
    } finally {
      release();
    }
  }

  private async run<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const writes = statementMayWrite(compiledQuery.sql);
    const clock = this.session.clock;
    if (writes) clock.tick();
    try {
      const [first] = compiledQuery.parameters;
      const result =
        first instanceof CopyData
          ? await this.pglite.query<R>(compiledQuery.sql, [], { rowMode: 'object', blob: first.blob })
          : await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters], { rowMode: 'object' });
      return {
        rows: result.rows,
        ...(result.affectedRows !== undefined ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
      };
    } finally {
      if (writes) clock.tick();
    }
  }

  // eslint-disable-next-line require-yield -- Kysely's interface wants a generator; streaming is refused outright.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite driver does not support streaming');
  }
}
