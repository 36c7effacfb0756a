import type { FranchiseUser, Restaurant } from '@contract/auth.contract';

/**
 * A session restored from storage reads the member's access at once (their profile and restaurant list), before any
 * page asks for anything, and the shell's bell counts the member's unread alerts (again on focus). For a test of the
 * whole app: answers those reads as the server would, with what the test stored (no unread alert), and says which calls
 * they were, so the test's own fake and its assertions see the page's calls only.
 */
export function accessCheckFake(stored: { user: FranchiseUser; restaurants: Restaurant[] }) {
  const pending = new Set(['/api/v1/franchise/profile', '/api/v1/franchise/restaurants']);
  const bell = '/api/v1/franchise/alerts/unread';
  return (method: string, pathname: string): Response | undefined => {
    if (method !== 'GET' || (pathname !== bell && !pending.delete(pathname))) return undefined;
    const data = pathname === bell ? { unread: 0 } : pathname.endsWith('/profile') ? { user: stored.user } : stored.restaurants;
    return new Response(JSON.stringify({ status: 'success', message: 'ok', data }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
}
