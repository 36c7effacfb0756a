/**
 * Every API route, written from the contract (DESIGN §1, README), not read from the server: the
 * property test builds a valid request for each and varies one thing. A test compares this table
 * with the routes the app registers, so a new route fails until it is described here.
 */

/** `bearer-or-expired` also accepts an expired token while its first sign-in is inside the refresh window. */
export type Auth = 'public' | 'bearer' | 'bearer-or-expired';

/** A string field of a JSON body, with strings of the right type that validation refuses. */
export type Field = { refused: string[] };

export type RouteSpec = {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  auth: Auth;
  /** Fields of the JSON body, all required; absent when the route reads no body. */
  body?: Record<string, Field>;
};

const email: Field = { refused: ['', 'not-an-email', '@example.com', 'owner@', `${'a'.repeat(250)}@example.com`] };
const password: Field = { refused: ['', 'x'.repeat(1025)] };

export const API = '/api/v1/franchise';

export const ROUTES: RouteSpec[] = [
  { name: 'login', method: 'POST', path: `${API}/login`, auth: 'public', body: { email, password } },
  { name: 'logout', method: 'POST', path: `${API}/logout`, auth: 'bearer-or-expired' },
  { name: 'profile', method: 'GET', path: `${API}/profile`, auth: 'bearer' },
  { name: 'refresh', method: 'POST', path: `${API}/refresh`, auth: 'bearer-or-expired' },
  { name: 'restaurants', method: 'GET', path: `${API}/restaurants`, auth: 'bearer' },
  { name: 'test', method: 'GET', path: `${API}/test`, auth: 'public' },
  { name: 'health', method: 'GET', path: '/api/v1/health', auth: 'public' },
  { name: 'forgot', method: 'POST', path: `${API}/password/forgot`, auth: 'public', body: { email } },
  {
    name: 'reset',
    method: 'POST',
    path: `${API}/password/reset`,
    auth: 'public',
    body: {
      token: { refused: ['', 'too-short', 'x'.repeat(257)] },
      password,
      // Anything but the password itself.
      password_confirmation: { refused: ['', 'does-not-match', 'x'.repeat(1025)] },
    },
  },
];
