import { createActorContext } from '@xstate/react';
import type { AnalyticsPage } from '@contract/page-reports.contract';
import { cardStatus, dashboardMachine, pageHref, type DashboardCard, type DashboardData } from '../../machines/dashboard.machine';

/** The dashboard actor of the page; tests pass `logic={dashboardMachine.provide(fakes)}`. */
export const DashboardContext = createActorContext(dashboardMachine);

/** One card's state, figures and error, and its own Retry. */
export function useCard<K extends DashboardCard>(kind: K) {
  const dashboard = DashboardContext.useActorRef();
  const status = DashboardContext.useSelector((s) => cardStatus(s, kind));
  const data = DashboardContext.useSelector((s) => s.context.data[kind]) as DashboardData[K] | undefined;
  const error = DashboardContext.useSelector((s) => s.context.errors[kind]);
  return { status, data, error, retry: () => dashboard.send({ type: 'dashboard.retry', card: kind }) };
}

/** An analytics page's address with the applied range, dates, branch and comparison: "View more" and "More" open the same figures. */
export function usePageHref(page: AnalyticsPage): string {
  return DashboardContext.useSelector((s) => pageHref(page, s.context.applied));
}
