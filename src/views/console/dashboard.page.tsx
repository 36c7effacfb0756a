import { PageTitle } from '../../ui/page-title';
import { SessionContext } from '../session/session.context';

/** `/dashboard`: titled with the group name, i.e. the signed-in user's franchise (spec §2). */
export default function DashboardPage() {
  const groupName = SessionContext.useSelector((s) => s.context.user?.franchise.name ?? 'Dashboard');
  return <PageTitle>{groupName}</PageTitle>;
}
