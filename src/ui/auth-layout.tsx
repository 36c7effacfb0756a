import { Box, Center, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from './page-title';

export const COPYRIGHT = '© 2025 Franchise Console Pty Ltd. All rights reserved.';

/** The card that frames the public pages: sign-in, forgot and change password. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Stack mih="100dvh" justify="space-between" p="md" bg="gray.0">
      <Center component="main" flex={1}>
        <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
          <Stack gap="xs" mb="lg" align="center" ta="center">
            <PageTitle>{title}</PageTitle>
            {subtitle && <Text c="gray.7">{subtitle}</Text>}
          </Stack>
          {children}
        </Paper>
      </Center>
      <Box component="footer" ta="center">
        <Text size="sm" c="gray.7">
          {COPYRIGHT}
        </Text>
      </Box>
    </Stack>
  );
}
