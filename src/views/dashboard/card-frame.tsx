import './dashboard-grid.css';
import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { DashboardCard, DashboardData } from '../../machines/dashboard.machine';
import { LoadState } from '../../ui/load-state';
import { useCard } from './dashboard.context';

/** A dashboard card: a titled section with an optional view-more link (docs/product.md#dashboard). */
export function CardFrame({ title, moreHref, children }: { title: string; moreHref?: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper className="fc-card" bg="var(--fc-card-bg)" withBorder radius="md" p="md" component="section" aria-labelledby={id} h="100%">
      <Group justify="space-between" align="center" mb="sm" wrap="nowrap">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {moreHref && (
          <Anchor component={Link} href={moreHref} size="sm" aria-label={`View more: ${title}`}>
            View more
          </Anchor>
        )}
      </Group>
      {children}
    </Paper>
  );
}

type CardBodyProps<K extends DashboardCard> = {
  kind: K;
  /** Names the part in its loading status and its Retry button. */
  title: string;
  emptyText: string;
  /** The skeleton's height, about that of the figures it stands for. */
  height: number;
  children: (data: DashboardData[K]) => ReactNode;
};

/** What one analytics call shows in a card: a skeleton, its figures, its empty text, or its error with a Retry of its own. */
export function CardBody<K extends DashboardCard>({ kind, title, emptyText, height, children }: CardBodyProps<K>) {
  const { status, data, error, retry } = useCard(kind);
  if (status === 'loading' || status === 'failed') {
    return (
      <LoadState
        status={status}
        loadingLabel={`Loading ${title}`}
        placeholder={
          <Stack gap="xs">
            <Skeleton height={20} width="40%" />
            <Skeleton height={height} />
          </Stack>
        }
        failedTitle={`${title} could not be loaded`}
        message={error?.message}
        onRetry={retry}
        retryLabel={`Retry ${title}`}
        retrySize="xs"
      />
    );
  }
  if (status === 'empty' || !data) {
    return (
      <Text c="dimmed" py="lg" ta="center">
        {emptyText}
      </Text>
    );
  }
  return <>{children(data)}</>;
}

/** A card of one analytics call: the frame titled as the call's body. */
export function AnalyticsCard<K extends DashboardCard>({ moreHref, ...body }: CardBodyProps<K> & { moreHref?: string }) {
  return (
    <CardFrame title={body.title} moreHref={moreHref}>
      <CardBody {...body} />
    </CardFrame>
  );
}
