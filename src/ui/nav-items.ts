import {
  IconBell,
  IconBuildingStore,
  IconChartScatter,
  IconChefHat,
  IconCoin,
  IconChartLine,
  IconClipboardList,
  IconClockHour4,
  IconFileImport,
  IconHistory,
  IconLayoutDashboard,
  IconPlugConnected,
  IconReceiptRefund,
  IconShoppingCart,
  IconTarget,
  IconUserCircle,
  IconUserShield,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';

/**
 * Sidebar icons by name. The route registry names them, so it stays free of icon code: it is part of
 * the sign-in chunk, the shell is not.
 */
export const NAV_ICONS = {
  dashboard: IconLayoutDashboard,
  users: IconUsers,
  store: IconBuildingStore,
  headcount: IconUsersGroup,
  cart: IconShoppingCart,
  clipboard: IconClipboardList,
  chart: IconChartLine,
  clock: IconClockHour4,
  alerts: IconBell,
  plug: IconPlugConnected,
  import: IconFileImport,
  team: IconUserShield,
  activity: IconHistory,
  profile: IconUserCircle,
  target: IconTarget,
  loss: IconReceiptRefund,
  costs: IconCoin,
  menuEngineering: IconChartScatter,
  menu: IconChefHat,
} satisfies Record<string, Icon>;

export type NavIcon = keyof typeof NAV_ICONS;

export type NavItem = { label: string; href: string; icon: NavIcon };
