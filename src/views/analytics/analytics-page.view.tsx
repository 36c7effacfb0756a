import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { formatDays } from '@contract/presentation/format';
import { PAGE_TITLES, type PageReport } from '@contract/page-reports.contract';
import { filtersHref, onBranch } from '../../machines/support/analytics-filters';
import { draftHeaderProps, filterHandlers } from '../shared/filter-header';
import { ExportMenu } from '../../ui/export-menu';
import { LoadState } from '../../ui/load-state';
import { NoteAlert } from '../../ui/note-alert';
import { RangeButtons } from '../../ui/range-buttons';
import { AnalyticsHeader } from '../../ui/analytics-header';
import { pathOf } from '../../shared/routing';
import { useBranchesChanged } from '../shared/session.context';
import { AnalyticsPageContext } from './analytics-page.context';
import { ReportCards, ReportTables } from './report-sections';
import { ALL_BRANCHES } from '@contract/presentation/labels';

/** Reports the URL query, the one record of the applied filters, to the machine (mount, Apply, back / forward, links). */
export function AnalyticsPageUrlSync() {
  const page = AnalyticsPageContext.useActorRef();
  const search = useSearch();
  useEffect(() => page.send({ type: 'page.urlChanged', search }), [page, search]);
  return null;
}

/** What the figures cover: "Last 7 Days · Parramatta · 16 Nov 2026 – 22 Nov 2026 (Australia/Sydney time)". */
export function coverageText(report: PageReport): string {
  const { start_date, end_date, time_zone } = report.window;
  return `${report.range_label} · ${report.branch?.name ?? ALL_BRANCHES} · ${formatDays(start_date, end_date)} (${time_zone} time)`;
}

/** The member's branches changed meanwhile: the page's picker follows (a lost branch gives way to All Branches). */
export function AnalyticsPageBranchesSync() {
  const page = AnalyticsPageContext.useActorRef();
  useBranchesChanged((branches) => page.send({ type: 'page.branchesChanged', branches }));
  return null;
}

function PageHeader() {
  const actor = AnalyticsPageContext.useActorRef();
  const page = AnalyticsPageContext.useSelector((s) => s.context.page);
  const draft = AnalyticsPageContext.useSelector((s) => s.context.draft);
  const branches = AnalyticsPageContext.useSelector((s) => s.context.branches);
  const loading = AnalyticsPageContext.useSelector((s) => s.matches('loading'));
  const exporting = AnalyticsPageContext.useSelector((s) => s.hasTag('exporting'));
  const loaded = AnalyticsPageContext.useSelector((s) => s.matches('loaded'));
  return (
    <Stack gap="sm">
      <AnalyticsHeader
        title={PAGE_TITLES[page]}
        {...draftHeaderProps(draft)}
        {...filterHandlers('page', actor.send)}
        branches={branches}
        loading={loading}
        applyDisabled={exporting}
        onApply={() => actor.send({ type: 'page.apply' })}
      />
      <Group justify="space-between" gap="sm" wrap="wrap">
        <RangeButtons
          value={draft.dates ? null : draft.range}
          disabled={loading || exporting}
          onPick={(value) => actor.send({ type: 'page.apply', range: value })}
        />
        <ExportMenu busy={exporting} disabled={!loaded} onExport={(format) => actor.send({ type: 'page.export', format })} />
      </Group>
    </Stack>
  );
}

function ReportSkeleton() {
  return (
    <Stack gap="md">
      <div className="fc-report-cards">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={92} radius="md" />
        ))}
      </div>
      <Skeleton height={320} radius="md" />
      <Skeleton height={240} radius="md" />
    </Stack>
  );
}

function LoadedReport({ report }: { report: PageReport }) {
  const actor = AnalyticsPageContext.useActorRef();
  const applied = AnalyticsPageContext.useSelector((s) => s.context.applied);
  const measure = AnalyticsPageContext.useSelector((s) => s.context.heatmapMeasure);
  const branchHref = (restaurantId: number) => filtersHref(pathOf('dashboard'), onBranch(applied, restaurantId));
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {coverageText(report)}
      </Text>
      {report.note && <NoteAlert title="Not in these figures">{report.note}</NoteAlert>}
      {/* A window with none of the page's subject says so, as its dashboard card does, rather than a page of zeros. */}
      {report.no_data !== null ? (
        <Paper withBorder radius="md" p="xl">
          <Text c="dimmed" ta="center">
            {report.no_data}
          </Text>
        </Paper>
      ) : (
        <>
          <ReportCards report={report} />
          <ReportTables
            report={report}
            branchHref={branchHref}
            heatmap={{ measure, onMeasure: (value) => actor.send({ type: 'page.heatmapMeasure', measure: value }) }}
          />
        </>
      )}
    </Stack>
  );
}

function ReportBody() {
  const actor = AnalyticsPageContext.useActorRef();
  const page = AnalyticsPageContext.useSelector((s) => s.context.page);
  const status = AnalyticsPageContext.useSelector((s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'loaded'));
  const report = AnalyticsPageContext.useSelector((s) => s.context.report);
  const message = AnalyticsPageContext.useSelector((s) => s.context.error?.message);
  const title = `${PAGE_TITLES[page]} report`;
  return (
    <LoadState
      status={status === 'loaded' && !report ? 'loading' : status}
      loadingLabel={`Loading ${title}`}
      placeholder={<ReportSkeleton />}
      failedTitle={`${title} could not be loaded`}
      message={message}
      onRetry={() => actor.send({ type: 'page.retry' })}
    >
      {report && <LoadedReport report={report} />}
    </LoadState>
  );
}

/** An analytics page (docs/product.md#analytics-pages): the header, the range buttons and the export dropdown, then the report. */
export function AnalyticsPageView() {
  return (
    <Stack gap="md">
      <PageHeader />
      <ReportBody />
    </Stack>
  );
}
