import {
  IconBuildingStore,
  IconChartLine,
  IconClipboardList,
  IconLayoutDashboard,
  IconShoppingCart,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
  IconClockHour4,
  type Icon,
} from '@tabler/icons-react';

export type NavItem = { label: string; href: string; icon: Icon };

/** Sidebar entries in spec §2 order; Profile follows them, Logout is a button. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', href: '/dashboard', icon: IconLayoutDashboard },
  { label: 'User Management', href: '/user', icon: IconUsers },
  { label: 'Restaurant Management', href: '/restaurant', icon: IconBuildingStore },
  { label: 'Headcount', href: '/headcount', icon: IconUsersGroup },
  { label: 'Order', href: '/order', icon: IconShoppingCart },
  { label: 'Procurement', href: '/procurement', icon: IconClipboardList },
  { label: 'Revenue', href: '/revenue', icon: IconChartLine },
  { label: 'Productivity', href: '/roster', icon: IconClockHour4 },
  { label: 'Profile', href: '/profile', icon: IconUserCircle },
];
