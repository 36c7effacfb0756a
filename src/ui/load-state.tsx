import { Alert, Box, Button, Center, Loader, Stack, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';

export type LoadStateProps = {
  /** `loading` and `failed` are drawn here; any other status (loaded, empty, ready…) shows the children. */
  status: string;
  /** Says what loads to assistive technology: "Loading alerts". */
  loadingLabel: string;
  /** Stands in for the spinner while loading, e.g. skeletons of the figures to come. */
  placeholder?: ReactNode;
  /** The spinner's minimum height. */
  minHeight?: number;
  /** "Alerts could not be loaded". */
  failedTitle: string;
  /** Why it failed: the server's or the network's message. */
  message?: string;
  onRetry: () => void;
  /** Names the Retry button where a page has more than one. */
  retryLabel?: string;
  retrySize?: MantineSize;
  children?: ReactNode;
};

/** Something read from the server: a spinner while it loads, its failure with Retry, else the children. */
export function LoadState({
  status,
  loadingLabel,
  placeholder,
  minHeight = 120,
  failedTitle,
  message,
  onRetry,
  retryLabel,
  retrySize,
  children,
}: LoadStateProps) {
  if (status === 'loading') {
    return placeholder ? (
      <Box role="status" aria-label={loadingLabel}>
        {placeholder}
      </Box>
    ) : (
      <Center mih={minHeight}>
        <Loader role="status" aria-label={loadingLabel} />
      </Center>
    );
  }
  if (status === 'failed') {
    return (
      <Stack gap="sm" align="flex-start">
        <Alert color="red" variant="light" title={failedTitle} w="100%">
          {message}
        </Alert>
        <Button variant="light" size={retrySize} aria-label={retryLabel} onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    );
  }
  return <>{children}</>;
}
