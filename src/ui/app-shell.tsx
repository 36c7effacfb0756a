import { ActionIcon, AppShell as MantineAppShell, Burger, Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconLogout } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { AccountAvatar } from './account-avatar';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { HoverTooltip } from './hover-tooltip';
import { NavDrawer } from './nav-drawer';
import { NAV_ICONS, type NavItem } from './nav-items';
import { APP_NAME } from './page-title';
import { FIGURE_COLOR } from './theme';

/** Who is signed in, as the shell shows them (the session's user: a profile save updates it at once); picture: an http(s) URL or null (initials). */
export type ShellAccount = { name: string; picture: string | null; franchise: string };

type AppShellProps = {
  children: ReactNode;
  account: ShellAccount | null;
  /** Sidebar entries in order (the app's route registry); Logout follows them. */
  navItems: readonly NavItem[];
  onLogout: () => void;
  loggingOut: boolean;
  /** Beside the colour scheme toggle, in the phone's top bar and atop the sidebar (the alerts bell). */
  headerActions?: ReactNode;
};

function isActive(location: string, href: string): boolean {
  return location === href || location.startsWith(`${href}/`);
}

/** The signed-in user's picture (or initials) and name; `compact`: the picture alone, named by its tooltip. */
function AccountBadge({ account, compact }: { account: ShellAccount; compact: boolean }) {
  const avatar = <AccountAvatar name={account.name} picture={account.picture} size={compact ? 36 : 40} />;
  if (compact) {
    return (
      <Group justify="center" py={4} data-testid="shell-account">
        <HoverTooltip label={account.name} position="right">
          {avatar}
        </HoverTooltip>
      </Group>
    );
  }
  return (
    <Group gap="sm" wrap="nowrap" px="xs" py={4} data-testid="shell-account">
      {avatar}
      <Stack gap={0} miw={0}>
        <Text size="sm" fw={600} truncate>
          {account.name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {account.franchise}
        </Text>
      </Stack>
    </Group>
  );
}

/** Links, who is signed in, and Logout; `compact` shows icons only (collapsed sidebar); `onNavigate`: a link was followed. */
function Navigation({
  compact,
  navItems,
  onLogout,
  loggingOut,
  account,
  onNavigate,
}: { compact: boolean; onNavigate?: () => void } & Omit<AppShellProps, 'children' | 'headerActions'>) {
  const [location] = useLocation();
  return (
    <Stack component="nav" aria-label="Main" gap={4} justify="space-between" h="100%">
      <Stack gap={4}>
        {navItems.map(({ label, href, icon }) => {
          const ItemIcon = NAV_ICONS[icon];
          const active = isActive(location, href);
          const link = (
            // A Button with NavLink's look (light when current): NavLink brings Collapse and its hooks (2.5 kB brotli) for
            // nested links the sidebar does not have.
            <Button
              key={href}
              component={Link}
              href={href}
              onClick={onNavigate}
              variant={active ? 'light' : 'subtle'}
              color={active ? undefined : 'gray'}
              c={active ? undefined : 'var(--mantine-color-text)'}
              fw={active ? 500 : 400}
              h={40}
              justify={compact ? 'center' : 'flex-start'}
              leftSection={<ItemIcon size={20} stroke={1.6} aria-hidden />}
              aria-label={compact ? label : undefined}
              aria-current={active ? 'page' : undefined}
              data-active={active || undefined}
            >
              {compact ? null : label}
            </Button>
          );
          return compact ? (
            <HoverTooltip key={href} label={label} position="right">
              {link}
            </HoverTooltip>
          ) : (
            link
          );
        })}
      </Stack>
      <Stack gap={4}>
        {account && <AccountBadge account={account} compact={compact} />}
        <Button
          variant="subtle"
          color="red"
          c={FIGURE_COLOR.negative}
          justify={compact ? 'center' : 'flex-start'}
          leftSection={<IconLogout size={20} stroke={1.6} aria-hidden />}
          aria-label={compact ? 'Logout' : undefined}
          onClick={onLogout}
          disabled={loggingOut}
        >
          {compact ? null : 'Logout'}
        </Button>
      </Stack>
    </Stack>
  );
}

/** The console frame: sidebar on large screens (collapsible to icons), top bar with a drawer below `sm`. */
export function AppShell({ children, navItems, onLogout, loggingOut, account, headerActions }: AppShellProps) {
  const [compact, sidebar] = useDisclosure(false);
  const [location] = useLocation();
  // The drawer stays open only on the page where it was opened, so navigating closes it (docs/product.md#shell); a link in it closes it
  // too, the current page's included.
  const [drawerOpenedAt, setDrawerOpenedAt] = useState<string | null>(null);
  const drawerOpened = drawerOpenedAt === location;
  const closeDrawer = () => setDrawerOpenedAt(null);

  return (
    <MantineAppShell
      header={{ height: { base: 56, sm: 0 } }}
      // Wide enough for the name on one line beside the bell, the colour scheme and the collapse button.
      navbar={{ width: compact ? 72 : 280, breakpoint: 'sm', collapsed: { mobile: true } }}
      padding="md"
    >
      <MantineAppShell.Header hiddenFrom="sm" px="md">
        <Group h="100%" gap="sm" wrap="nowrap">
          <Burger opened={drawerOpened} onClick={() => setDrawerOpenedAt(location)} aria-label="Open navigation" size="sm" />
          <Text fw={700} flex={1}>
            {APP_NAME}
          </Text>
          {headerActions}
          <ColorSchemeToggle />
          {account && <AccountAvatar name={account.name} picture={account.picture} size={32} />}
        </Group>
      </MantineAppShell.Header>

      {/* Not rendered below `sm`: an off-screen copy of the navigation would be a second "Main" landmark beside the drawer's. */}
      <MantineAppShell.Navbar p="sm" visibleFrom="sm" style={{ overflowY: 'auto' }}>
        <Group justify={compact ? 'center' : 'space-between'} mb="sm" gap={4} wrap={compact ? 'wrap' : 'nowrap'}>
          {!compact && (
            <Text fw={700} flex={1}>
              {APP_NAME}
            </Text>
          )}
          {headerActions}
          <ColorSchemeToggle />
          <ActionIcon variant="subtle" color="gray" onClick={sidebar.toggle} aria-label={compact ? 'Expand sidebar' : 'Collapse sidebar'}>
            {compact ? <IconLayoutSidebarLeftExpand aria-hidden /> : <IconLayoutSidebarLeftCollapse aria-hidden />}
          </ActionIcon>
        </Group>
        <Navigation compact={compact} navItems={navItems} onLogout={onLogout} loggingOut={loggingOut} account={account} />
      </MantineAppShell.Navbar>

      <NavDrawer opened={drawerOpened} onClose={closeDrawer} title={APP_NAME} closeLabel="Close navigation">
        <Navigation
          compact={false}
          navItems={navItems}
          onLogout={onLogout}
          loggingOut={loggingOut}
          account={account}
          onNavigate={closeDrawer}
        />
      </NavDrawer>

      <MantineAppShell.Main>{children}</MantineAppShell.Main>
    </MantineAppShell>
  );
}
