import { useSearchParams } from 'wouter';
import { unsubscribeMachine } from '../../machines/unsubscribe.machine';
import { MissingTokenView, UnsubscribeContext, UnsubscribeView } from './unsubscribe.view';

/** `/unsubscribe?token=…` (lazy-loaded, public, signed in or not): the token comes from a report mail's link. */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!token) return <MissingTokenView />;
  return (
    <UnsubscribeContext.Provider logic={unsubscribeMachine} options={{ input: { token } }}>
      <UnsubscribeView />
    </UnsubscribeContext.Provider>
  );
}
