import * as z from 'zod';

/**
 * Inputs and outputs of the auth and restaurant calls. The server validates with the schemas;
 * the client imports the inferred types (`import type`), so both sides agree by construction.
 */
export const email = z.string('Invalid email address').trim().toLowerCase().max(254).email('Invalid email address');

export const loginInput = z.object({
  email,
  password: z.string().min(1, 'Password is required').max(1024),
});
export type LoginInput = z.infer<typeof loginInput>;

export const forgotPasswordInput = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>;

export const PASSWORD_MIN_LENGTH = 8;
/** Bounds the argon2 input, and so the work one request can ask for. */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * Every new password (reset, profile change, user create): the old prototype had no length rule on the
 * screen, so the server's message is the one the user reads.
 */
export const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** The token of a mailed password link (a reset or an invitation). */
const linkToken = z.string().min(16).max(256);

export const resetPasswordInput = z
  .object({
    token: linkToken,
    password: newPassword,
    password_confirmation: z.string().max(1024),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'Passwords do not match',
    path: ['password_confirmation'],
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

/** Asks what a mailed password link is for, without using it. */
export const passwordLinkQuery = z.object({ token: linkToken }).strict();

export type Franchise = { id: number; name: string; time_zone: string };

/** An owner sees and manages the whole franchise; a manager sees their branches only. */
export type MemberRole = 'owner' | 'manager';

/** Claims of the access token; `user` is the small public part of FranchiseUser. */
export type TokenClaims = {
  sub: string;
  jti: string;
  /** The sign-in (session family) this token belongs to, kept across refreshes. */
  sid: string;
  iat: number;
  exp: number;
  /** First sign-in time (seconds); refresh is allowed until auth_time + refresh window. */
  auth_time: number;
  /** Bumped on password change or reset: older tokens are refused. */
  ver: number;
  user: { id: number; name: string; email: string; franchise_id: number };
};

/** A restaurant as the calls answer it: the types of its answer schemas (contract/api/restaurants.calls.ts). */
export type { Restaurant, Subscription } from './api/restaurants.calls.js';

/** The signed-in user, the access token's answer and the connectivity check: the types of their answer schemas. */
export type { ConnectivityCheck, FranchiseUser, TokenResponse } from './api/auth.calls.js';
