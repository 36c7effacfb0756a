import type { PasswordLink } from '@contract/api/auth.calls';
import type { ConnectivityCheck, FranchiseUser, LoginInput, Restaurant, ResetPasswordInput, TokenResponse } from '@contract/auth.contract';
import { ApiError, callApi, withDefaultMessage } from './api-error';
import { callsOf } from './call';
import { httpClient, type HttpClient } from './http-client';

export type SignedIn = { token: string; user: FranchiseUser; restaurants: Restaurant[] };

/** Default messages (docs/product.md#errors), used when the server sent no message. */
export const AUTH_ERRORS = {
  login: 'Login failed',
  logout: 'Logout failed',
  profile: 'Failed to fetch profile',
  refresh: 'Token refresh failed',
  restaurants: 'Failed to fetch restaurants',
  connection: 'Connection failed',
  forgotPassword: 'Failed to send reset link. Please try again.',
  resetPassword: 'Failed to change password',
  passwordLink: 'Could not read this link. Please try again.',
} as const;

export function createAuthService(client: HttpClient) {
  const call = callsOf(client);
  async function fetchRestaurants(token?: string): Promise<Restaurant[]> {
    return callApi(AUTH_ERRORS.restaurants, () => client.request<Restaurant[]>('/franchise/restaurants', { token }));
  }

  /** A granted sign-in with the accessible restaurants; a failure to load the latter is only a warning. */
  async function signedIn(data: TokenResponse): Promise<SignedIn> {
    let restaurants: Restaurant[] = [];
    try {
      restaurants = await fetchRestaurants(data.access_token);
    } catch (error) {
      console.warn(AUTH_ERRORS.restaurants, error);
    }
    return { token: data.access_token, user: data.user, restaurants };
  }

  return {
    async login(credentials: LoginInput): Promise<SignedIn> {
      const data = await callApi(AUTH_ERRORS.login, () => call('POST /franchise/login', { body: credentials }));
      if (!data?.access_token) throw new ApiError(AUTH_ERRORS.login, 200, data);
      return signedIn(data);
    },
    async logout(): Promise<void> {
      await callApi(AUTH_ERRORS.logout, () => call('POST /franchise/logout'), { nullable: true });
    },
    async fetchProfile(): Promise<FranchiseUser> {
      const data = await callApi(AUTH_ERRORS.profile, () => call('GET /franchise/profile'));
      return data.user;
    },
    async refreshToken(): Promise<TokenResponse> {
      try {
        return await client.refresh();
      } catch (error) {
        throw withDefaultMessage(error, AUTH_ERRORS.refresh);
      }
    },
    fetchRestaurants: () => fetchRestaurants(),
    testConnection(): Promise<ConnectivityCheck> {
      return callApi(AUTH_ERRORS.connection, () => call('GET /franchise/test'));
    },
    async requestPasswordReset(email: string): Promise<void> {
      await callApi(AUTH_ERRORS.forgotPassword, () => call('POST /franchise/password/forgot', { body: { email } }), { nullable: true });
    },
    /** What a mailed link is for, without using it. */
    describePasswordLink(token: string): Promise<PasswordLink> {
      return callApi(AUTH_ERRORS.passwordLink, () => call('GET /franchise/password/link', { query: { token } }));
    },
    /** Sets the password with a mailed link; an invitation's link signs the member in (a reset's: null). */
    async resetPassword(input: ResetPasswordInput): Promise<SignedIn | null> {
      const data = await callApi(AUTH_ERRORS.resetPassword, () => call('POST /franchise/password/reset', { body: input }), {
        nullable: true,
      });
      return data ? signedIn(data) : null;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

export const authService = createAuthService(httpClient);
