import * as z from 'zod';
import { forgotPasswordInput, loginInput, resetPasswordInput } from '../auth.contract.js';
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
  'POST /franchise/password/reset': {
    operationId: 'resetPassword',
    summary: 'Set a new password with a reset link’s token',
    description: '400 for an invalid, used or expired link. Revokes every older token of the account.',
    tag: 'Auth',
    access: 'public',
    body: resetPasswordInput,
    success: { data: z.null() },
    errors: [429],
  },
});
