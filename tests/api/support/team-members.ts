import type { createTestApp } from './test-app';

type TestApp = ReturnType<typeof createTestApp>;

let serial = 0;
/** A client address of its own per call, so the sign-in and reset limits never meet the tests. */
export const freshAddress = () => `198.51.100.${(++serial % 250) + 1}`;

/** Invites a member through `owner` (manager of branch 1 unless `values` say otherwise); the member as the API answers. */
export async function inviteMember(t: TestApp, owner: string, values: { email: string; name: string; role?: 'owner' | 'manager' }) {
  const body = { role: 'manager', restaurant_ids: values.role === 'owner' ? [] : [1], ...values };
  const res = await t.call('POST', 'team', { token: owner, body });
  if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${res.text}`);
  return res.body.data as { id: number; email: string; name: string; role: string; version: number };
}

/** Invited, then active through the mailed link, then signed in: the member and their token. */
export async function activeMember(t: TestApp, owner: string, values: { email: string; name: string; role?: 'owner' | 'manager' }) {
  const member = await inviteMember(t, owner, values);
  const link = t.mailer.messages
    .filter((m) => m.to === values.email)
    .at(-1)
    ?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no invitation mailed to ${values.email}`);
  const password = 'member-password';
  const reset = await t.call('POST', 'password/reset', {
    body: { token: new URL(link).searchParams.get('token'), password, password_confirmation: password },
    address: freshAddress(),
  });
  if (reset.status !== 200) throw new Error(`setting the first password failed: ${reset.status} ${reset.text}`);
  return { ...member, token: await t.login({ email: values.email, password }, freshAddress()) };
}
