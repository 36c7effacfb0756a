import type { AnalyticsKind, AnalyticsWindow } from '@contract/analytics.contract.js';
import type { Db } from '../db/database.js';
import { successText } from '../http/envelope.js';
import { SharedJsonBody } from '../http/shared-json-body.js';
import { analyticsFigures, answerData, type AnswerFigures } from './answers/analytics-answer.js';
import { comparableBranches, type Comparable } from './answers/comparable.js';
import type { AnalyticsScope } from './answers/scope.js';
import { AnalyticsCache } from './cache.js';

const MESSAGES: Record<AnalyticsKind, string> = {
  headcounts: 'Headcounts retrieved',
  revenues: 'Revenues retrieved',
  'best-sellers': 'Best sellers retrieved',
  orders: 'Orders retrieved',
  roster: 'Roster retrieved',
  procurement: 'Procurement retrieved',
  loss: 'Loss retrieved',
  hours: 'Hours retrieved',
  costs: 'Costs retrieved',
  'menu-engineering': 'Menu engineering retrieved',
};

/** The request's instant, and its franchise's branches' trading days at it (docs/product.md#time). */
export type TradingNow = { now: Date; todays: string };

/** What an answer is cached by, besides its kind; `at` decides its "today" figures. */
export type AnswerKey = { scope: AnalyticsScope; dataVersion: number; window: AnalyticsWindow; limit: number; at: TradingNow };

/**
 * The app's analytics answers, kept as their integer figures (for the page reports) and serialised
 * in dollars (compressed on demand: a franchise's roster is tens of kilobytes) per data version,
 * scope (a manager's branches too), kind, window and limit.
 * One per app, built with the route deps and handed to the analytics calls and the page reports, so
 * a page reuses the answers its dashboard already read (docs/caching.md).
 */
export class AnalyticsAnswers {
  private readonly cache: AnalyticsCache;

  constructor(
    private readonly db: Db,
    private readonly compute: typeof analyticsFigures = analyticsFigures,
    maxEntries?: number,
  ) {
    this.cache = new AnalyticsCache(maxEntries);
  }

  private entry<K extends AnalyticsKind>(kind: K, { scope, dataVersion, window, limit, at }: AnswerKey) {
    return this.cache.answer({ ...scope, dataVersion, kind, window, limit, todays: at.todays }, async () => {
      const figures = await this.compute(this.db, kind, scope, window, { limit, now: at.now });
      return { figures, body: new SharedJsonBody(successText(answerData(kind, figures), MESSAGES[kind])) };
    });
  }

  /** The API's answer, serialised. */
  async body(kind: AnalyticsKind, key: AnswerKey): Promise<SharedJsonBody> {
    return (await this.entry(kind, key)).body;
  }

  /** The scope's comparable branches over a window and the window it is compared with, per data version; shared: never changed. */
  comparable(scope: AnalyticsScope, dataVersion: number, window: AnalyticsWindow): Promise<Readonly<Comparable>> {
    return this.cache.answer({ ...scope, dataVersion, kind: 'comparable', window, limit: 0 }, () =>
      comparableBranches(this.db, scope, dataVersion, window),
    );
  }

  /** The answer's integer figures, shared: read, never changed. */
  async figures<K extends AnalyticsKind>(kind: K, key: AnswerKey): Promise<AnswerFigures[K]> {
    return (await this.entry(kind, key)).figures;
  }
}
