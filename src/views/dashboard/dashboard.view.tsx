import './dashboard-grid.css';
import { Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import type { AnalyticsWindow } from '@contract/analytics.contract';
import type { Restaurant } from '@contract/auth.contract';
import { formatDays } from '@contract/presentation/format';
import { AnalyticsHeader, rangeLabel } from '../../ui/analytics-header';
import { CARD_KINDS, cardStatus, type DashboardFilters } from '../../machines/dashboard.machine';
import { useBranchesChanged } from '../shared/session.context';
import { DashboardContext } from './dashboard.context';
import { HeadcountsCard, OrdersCard, RevenueSummaryCard, RevenueTrendsCard } from './dashboard-cards';
import { ProcurementCard, RosterCard } from './operations-cards';
import { RestaurantWidget } from './restaurant-widget';
import { ForecastCard, TargetsCard } from './target-cards';
import { ALL_BRANCHES, comparedWith } from '@contract/presentation/labels';
import { draftHeaderProps, filterHandlers } from '../shared/filter-header';

/** "Data Analytics of Past 7 Days" (docs/product.md#dashboard), or of the custom dates applied. */
export const dashboardHeading = ({ range, dates }: Pick<DashboardFilters, 'range' | 'dates'>) =>
  dates ? `Data Analytics of ${formatDays(dates.start, dates.end)}` : `Data Analytics of Past ${rangeLabel(range).replace(/^Last /, '')}`;

/**
 * Which calendar days, in which time zone, the figures cover, and which days they are compared with; from the first
 * answer that arrived.
 */
export function windowText(window: AnalyticsWindow): string {
  const { start_date, end_date } = window.previous;
  const comparable = window.comparable_restaurant_ids;
  const likeForLike = comparable ? `, like for like (${comparable.length} ${comparable.length === 1 ? 'branch' : 'branches'})` : '';
  return `${formatDays(window.start_date, window.end_date)} (${window.time_zone} time), compared with ${formatDays(start_date, end_date)}, the ${comparedWith(window.compare, window.days)}${likeForLike}`;
}

/** Reports the URL query, the one record of the applied filters, to the machine (mount, Apply, Reset, back / forward, links). */
export function DashboardUrlSync() {
  const dashboard = DashboardContext.useActorRef();
  const search = useSearch();
  useEffect(() => dashboard.send({ type: 'dashboard.urlChanged', search }), [dashboard, search]);
  return null;
}

/** The member's branches changed meanwhile: the dashboard's picker follows (a lost branch gives way to All Branches). */
export function DashboardBranchesSync() {
  const dashboard = DashboardContext.useActorRef();
  useBranchesChanged((branches) => dashboard.send({ type: 'dashboard.branchesChanged', branches }));
  return null;
}

function AppliedWindow() {
  const applied = DashboardContext.useSelector((s) => s.context.applied);
  const branch = DashboardContext.useSelector((s) => {
    const id = s.context.applied.restaurantId;
    return id === null ? ALL_BRANCHES : (s.context.branches.find((b) => b.id === id)?.name ?? ALL_BRANCHES);
  });
  const window = DashboardContext.useSelector((s) => CARD_KINDS.map((k) => s.context.data[k]?.window).find(Boolean));
  return (
    <Stack gap={2}>
      <Title order={2} size="h3">
        {dashboardHeading(applied)}
      </Title>
      <Text c="dimmed" size="sm">
        {branch}
        {window ? ` · ${windowText(window)}` : ''}
      </Text>
    </Stack>
  );
}

function DashboardHeader({ title }: { title: string }) {
  const dashboard = DashboardContext.useActorRef();
  const draft = DashboardContext.useSelector((s) => s.context.draft);
  const branches = DashboardContext.useSelector((s) => s.context.branches);
  const busy = DashboardContext.useSelector((s) => s.hasTag('busy'));
  return (
    <AnalyticsHeader
      title={title}
      {...draftHeaderProps(draft)}
      {...filterHandlers('dashboard', dashboard.send)}
      branches={branches}
      loading={busy}
      onApply={() => dashboard.send({ type: 'dashboard.apply' })}
      onReset={() => dashboard.send({ type: 'dashboard.reset' })}
    />
  );
}

/** The dashboard (docs/product.md#dashboard): the analytics header, the applied window, the cards, and the restaurant widget. */
export function DashboardView({
  title,
  restaurants,
  franchiseUserId,
  firstSteps,
}: {
  title: string;
  restaurants: readonly Restaurant[];
  franchiseUserId: number | null;
  /** An owner's first steps (getting-started.view.tsx), leading the page; a manager has none. */
  firstSteps?: ReactNode;
}) {
  const applied = DashboardContext.useSelector((s) => s.context.applied);
  // A window without targets has no "vs target" card; the forecast then takes the row.
  const targetsShown = DashboardContext.useSelector((s) => cardStatus(s, 'targets') !== 'empty');
  return (
    <Stack gap="md">
      <DashboardHeader title={title} />
      {firstSteps}
      <AppliedWindow />
      <div className="fc-dashboard-grid">
        <div>
          <RevenueSummaryCard />
        </div>
        {targetsShown && (
          <div className="fc-lg-6">
            <TargetsCard />
          </div>
        )}
        <div className={targetsShown ? 'fc-lg-6' : undefined}>
          <ForecastCard />
        </div>
        <div className="fc-md-6">
          <OrdersCard />
        </div>
        <div className="fc-md-6">
          <HeadcountsCard />
        </div>
        <div className="fc-lg-6">
          <RevenueTrendsCard />
        </div>
        <div className="fc-lg-6">
          <RosterCard />
        </div>
        <div className="fc-lg-7">
          <ProcurementCard />
        </div>
        <div className="fc-lg-5">
          <RestaurantWidget restaurants={restaurants} franchiseUserId={franchiseUserId} filters={applied} />
        </div>
      </div>
    </Stack>
  );
}
