import type { AnalyticsData, AnalyticsKind, AnalyticsQuery } from '@contract/analytics.contract';
import { analyticsService, type AnalyticsScope, type AnalyticsService } from './analytics.service';
import { sessionStore, type SessionStore } from './session-storage';

/** One analytics call: its kind, branch (or the franchise) and query. */
export type AnalyticsCall<K extends AnalyticsKind = AnalyticsKind> = { kind: K; scope: AnalyticsScope; query: AnalyticsQuery };

/** A sign-in opens the dashboard well within this; an answer older than it is not shown as the present's. */
export const PREFETCH_TTL_MS = 5_000;

const keyOf = ({ kind, scope, query }: AnalyticsCall) =>
  JSON.stringify([kind, scope.restaurantId, Object.entries(query).sort(([a], [b]) => (a < b ? -1 : 1))]);

type Held = { token: string; at: number; answers: Map<string, Promise<unknown>> };

/**
 * Calls started ahead of the view that shows them (the dashboard's, from the sign-in's answer on), in memory only.
 * A view takes an answer once, only for the very same call, only while it is fresh and of the session stored now
 * (signed out or signed in again: none is); otherwise, or when the early call failed, it gets a call of its own.
 */
export function createAnalyticsPrefetch({
  analytics,
  storage,
  now,
  ttlMs = PREFETCH_TTL_MS,
}: {
  analytics: Pick<AnalyticsService, 'fetch'>;
  storage: Pick<SessionStore, 'readToken'>;
  now: () => number;
  ttlMs?: number;
}) {
  let held: Held | null = null;

  return {
    /** Starts these calls with a token a sign-in just got (not stored yet); whatever was held before is dropped. */
    start(calls: AnalyticsCall[], token: string): void {
      const answers = new Map<string, Promise<unknown>>();
      for (const call of calls) {
        const answer = analytics.fetch(call.kind, call.scope, call.query, token);
        // Its failure is the taker's to handle (it calls again); untaken, it is no one's.
        answer.catch(() => undefined);
        answers.set(keyOf(call), answer);
      }
      held = { token, at: now(), answers };
    },

    /** This call's answer: the one started ahead if it may be used (see above), else a call made now. */
    fetch<K extends AnalyticsKind>(call: AnalyticsCall<K>): Promise<AnalyticsData[K]> {
      const own = () => analytics.fetch(call.kind, call.scope, call.query);
      if (held && (storage.readToken() !== held.token || now() - held.at > ttlMs)) held = null;
      const key = keyOf(call);
      const early = held?.answers.get(key) as Promise<AnalyticsData[K]> | undefined;
      held?.answers.delete(key);
      return early ? early.catch(own) : own();
    },
  };
}

export type AnalyticsPrefetch = ReturnType<typeof createAnalyticsPrefetch>;

export const analyticsPrefetch = createAnalyticsPrefetch({ analytics: analyticsService, storage: sessionStore, now: Date.now });
