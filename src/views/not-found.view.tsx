import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';
import { PageTitle } from '../ui/page-title';

/** The 404 page, public and inside the console (docs/product.md#not-found). */
export default function NotFoundView() {
  return (
    <Stack mih="60vh" p="md" align="center" justify="center" ta="center" gap="sm">
      <Text fz={64} fw={800} c="blue.8" lh={1} aria-hidden>
        404
      </Text>
      <PageTitle>Page Not Found</PageTitle>
      <Text c="gray.7">The page you are looking for does not exist or has been moved.</Text>
      <Anchor component={Link} href="/">
        Go Back Home
      </Anchor>
    </Stack>
  );
}
