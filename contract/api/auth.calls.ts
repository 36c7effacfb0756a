import * as z from 'zod';
import { forgotPasswordInput, loginInput, passwordLinkQuery, resetPasswordInput } from '../auth.contract.js';
import { defineCalls } from './call.js';
import { id, instant } from './primitives.js';

export const connectivityCheck = z.object({ ok: z.literal(true), time: instant });
export type ConnectivityCheck = z.output<typeof connectivityCheck>;

/** The signed-in franchise user: data.user of login, refresh and profile. */
export const franchiseUser = z.object({
  id,
  role: z.enum(['owner', 'manager']).meta({ description: 'An owner sees the whole franchise; a manager their branches only' }),
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  phone: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  street_address: z.string().nullable(),
  suburb: z.string().nullable(),
  post_code: z.string().nullable(),
  franchise: z.object({ id, name: z.string(), time_zone: z.string().meta({ description: 'IANA time zone, e.g. Australia/Sydney' }) }),
});
export type FranchiseUser = z.output<typeof franchiseUser>;

/** The access token's fields of login's and refresh's answer (docs/api.md#authentication). */
export const tokenFields = {
  access_token: z.string().meta({ description: 'HS256 JWT with `exp` (seconds) and a `user` claim' }),
  token_type: z.literal('bearer'),
  expires_in: z.int().meta({ description: 'Seconds' }),
};
export const tokenResponse = z.object({ ...tokenFields, user: franchiseUser });
export type TokenResponse = z.output<typeof tokenResponse>;

/** What a mailed password link is for: an invitation to join a franchise, or a reset of a member's password. */
export const passwordLink = z.object({
  kind: z.enum(['invitation', 'reset']).meta({ description: 'An invitation sets the first password of a member who has none' }),
  email: z.string(),
  franchise: z.string().meta({ description: 'The franchise’s name' }),
  inviter: z.string().nullable().meta({
    description: 'The member who invited (or last re-sent the invitation); null for a reset, or when they are no longer a member',
  }),
  role: z.enum(['owner', 'manager']),
  restaurants: z.array(z.string()).meta({ description: 'A manager’s branches by name; empty for an owner (every branch)' }),
});
export type PasswordLink = z.output<typeof passwordLink>;

/** Sign-in, tokens and password reset (docs/product.md, Sign-in and passwords). */
export const AUTH_CALLS = defineCalls({
  'POST /franchise/login': {
    operationId: 'login',
    summary: 'Sign in',
    description:
      'Wrong password and unknown e-mail answer the same 401. Failed attempts are limited per e-mail and client (429 with Retry-After).',
    tag: 'Auth',
    access: 'public',
    body: loginInput,
    success: { data: tokenResponse },
    errors: [429],
  },
  'POST /franchise/logout': {
    operationId: 'logout',
    summary: 'Sign out: revokes this token and every token refreshed from the same sign-in',
    description: 'Accepted expired while within the refresh window of the first sign-in.',
    tag: 'Auth',
    access: 'member-or-expired',
    success: { data: z.null() },
  },
  'POST /franchise/refresh': {
    operationId: 'refresh',
    summary: 'A new token for the current one, which is revoked',
    description:
      'Accepted expired while within the refresh window of the first sign-in. Presenting a rotated token again revokes the whole sign-in.',
    tag: 'Auth',
    access: 'member-or-expired',
    success: { data: tokenResponse },
  },
  'GET /franchise/test': {
    operationId: 'testConnection',
    summary: 'Connectivity check through the database',
    tag: 'Service',
    access: 'public',
    success: { data: connectivityCheck },
  },
  'POST /franchise/password/forgot': {
    operationId: 'forgotPassword',
    summary: 'Mail a password reset link',
    description: 'Always the same answer, whether or not the address has an account.',
    tag: 'Auth',
    access: 'public',
    body: forgotPasswordInput,
    success: { data: z.null() },
    errors: [429],
  },
  'GET /franchise/password/link': {
    operationId: 'describePasswordLink',
    summary: 'What a mailed password link (reset or invitation) is for; does not use it',
    description: 'An unknown, used or expired link answers the same 404. Limited per client like the reset calls (429 with Retry-After).',
    tag: 'Auth',
    access: 'public',
    query: passwordLinkQuery,
    success: { data: passwordLink },
    errors: [404, 429],
  },
  'POST /franchise/password/reset': {
    operationId: 'resetPassword',
    summary: 'Set a new password with a reset link’s or an invitation’s token',
    description:
      '400 for an invalid, used or expired link. Revokes every older token of the account. An invitation’s link (the member had no password) signs the member in: the answer is what login answers; a reset’s answer is null.',
    tag: 'Auth',
    access: 'public',
    body: resetPasswordInput,
    success: { data: tokenResponse.nullable() },
    errors: [429],
  },
});
