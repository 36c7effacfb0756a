import './dashboard-grid.css';
import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { AnalyticsData, AnalyticsKind } from '@contract/analytics.contract';
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

type CardBodyProps<K extends AnalyticsKind> = {
  kind: K;
  /** Names the part in its loading status and its Retry button. */
  title: string;
  emptyText: string;
  /** The skeleton's height, about that of the figures it stands for. */
  height: number;
  children: (data: AnalyticsData[K]) => ReactNode;
};

/** What one analytics call shows in a card: a skeleton, its figures, its empty text, or its error with a Retry of its own. */
export function CardBody<K extends AnalyticsKind>({ kind, title, emptyText, height, children }: CardBodyProps<K>) {
  const { status, data, error, retry } = useCard(kind);
  if (status === 'loading') {
    return (
      <Stack gap="xs" role="status" aria-label={`Loading ${title}`}>
        <Skeleton height={20} width="40%" />
        <Skeleton height={height} />
      </Stack>
    );
  }
  if (status === 'failed') {
    return (
      <Stack gap="sm" align="flex-start">
        <Alert color="red" variant="light" title={`${title} could not be loaded`} w="100%">
          {error?.message}
        </Alert>
        <Button variant="light" size="xs" onClick={retry} aria-label={`Retry ${title}`}>
          Retry
        </Button>
      </Stack>
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
