import type { PageProps } from '../../routes';
import { PageTitle } from '../../ui/page-title';
import { SessionContext } from '../session/session.context';

/** `/dashboard`: titled with the group name, i.e. the signed-in user's franchise (spec §2); its registry title until the user is known. */
export default function DashboardPage({ title }: PageProps) {
  const groupName = SessionContext.useSelector((s) => s.context.user?.franchise.name ?? title);
  return <PageTitle>{groupName}</PageTitle>;
}
