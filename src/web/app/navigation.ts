import {
  Banknote,
  BookCheck,
  BookOpen,
  CalendarDays,
  CircleAlert,
  ClipboardList,
  FolderOpen,
  Handshake,
  HeartHandshake,
  History,
  IdCard,
  LayoutDashboard,
  Library,
  ListTodo,
  type LucideIcon,
  Megaphone,
  Settings,
  Sparkles,
  UserCog,
  Users,
  Wallet,
} from 'lucide-react';
import { hasRoleRank, type Role } from '../../domain/roles';

/** One sidebar link, and the screen behind it. */
export interface NavItem {
  to: string;
  label: string;
  /** The screen's own title, where it differs from the link ('Task Management' for 'Tasks'). */
  title?: string;
  icon: LucideIcon;
  /** The link shows only to this rank or higher (Yearbook Admin, Stories Admin, Settings). */
  minRole?: Role;
}

/**
 * The sidebar, in order: every area, shown to everyone (docs/product.md §2); who may use a screen
 * is decided by its route and by the server, and a screen the user may not use says so. A new
 * area adds its link here and its page in routes.tsx.
 */
export const navigation: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/students', label: 'Students', title: 'Student Management', icon: Users },
  { to: '/profiles', label: 'Student Profiles', icon: IdCard },
  { to: '/allowances', label: 'Allowances', title: 'Allowance Management', icon: Wallet },
  { to: '/payment-batches', label: 'Payment Batches', icon: Banknote },
  { to: '/tasks', label: 'Tasks', title: 'Task Management', icon: ListTodo },
  { to: '/issues', label: 'Issues', title: 'Issue Tracker', icon: CircleAlert },
  { to: '/forms', label: 'Forms', title: 'Forms Management', icon: ClipboardList },
  { to: '/files', label: 'Student Files', icon: FolderOpen },
  { to: '/library', label: 'Library', title: 'Students Library', icon: Library },
  { to: '/announcements', label: 'Announcements', icon: Megaphone },
  { to: '/events', label: 'Events', title: 'Excel Beyond Events', icon: CalendarDays },
  { to: '/yearbook', label: 'Yearbook', title: 'Graduation Yearbook', icon: BookOpen },
  {
    to: '/yearbook-admin',
    label: 'Yearbook Admin',
    title: 'Yearbook Management',
    icon: BookCheck,
    minRole: 'deputy_manager',
  },
  { to: '/impact-stories', label: 'Impact Stories', icon: HeartHandshake },
  {
    to: '/impact-stories-admin',
    label: 'Stories Admin',
    title: 'Impact Stories Management',
    icon: Sparkles,
    minRole: 'deputy_manager',
  },
  { to: '/corporate', label: 'Corporate', title: 'Corporate Collaborations', icon: Handshake },
  { to: '/users', label: 'User Management', icon: UserCog },
  // System Settings are the admin's (D13): a deputy manager's link would open Access Denied.
  { to: '/settings', label: 'Settings', title: 'System Settings', icon: Settings, minRole: 'admin' },
  { to: '/activity-log', label: 'Activity Log', icon: History, minRole: 'admin' },
];

/** The links a user of `role` sees. */
export function visibleNavigation(role: string, items: readonly NavItem[] = navigation): NavItem[] {
  return items.filter((item) => !item.minRole || hasRoleRank(role, item.minRole));
}
