import { NAME_CONTROL_CHARACTERS_MESSAGE } from '@contract/text';
import { validAbn } from '../support/abn';
import { createTestApp, OWNER } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let owner: string;
beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp(database.db);
  owner = await t.login(OWNER);
});
afterAll(() => database.close());

let serial = 0;
const person = () => ({
  picture: null,
  name: 'Plain Person',
  email: `plain.person.${++serial}@example.com`,
  phone: '0412 345 678',
  state: 'NSW',
  city: 'Sydney',
  street_address: '1 George Street',
  suburb: 'Parramatta',
  post_code: '2150',
  restaurant_id: 1,
  role: 'Waiter',
  status: 'Active',
  password: 'a-good-password',
  change_password: 'a-good-password',
});
const read = async (path: string) => (await t.call('GET', path, { token: owner })).body.data;
const withoutReadOnly = ({ id: _id, restaurant: _r, location: _l, subscriptions: _s, restaurant_user: _u, ...fields }: any) => fields;

/** Every call that takes a name, as the owner sends it: its method, path and a valid body around `name`. */
const CALLS: { call: string; send: (name: string) => Promise<{ method: string; path: string; body: Record<string, unknown> }> }[] = [
  { call: 'POST /people', send: async (name) => ({ method: 'POST', path: 'people', body: { ...person(), name } }) },
  {
    call: 'PUT /people/{id}',
    send: async (name) => {
      const saved = (await read('people')).find((p: any) => p.restaurant_id === 1);
      return { method: 'PUT', path: `people/${saved.id}`, body: { ...withoutReadOnly(saved), name } };
    },
  },
  {
    call: 'POST /team',
    send: async (name) => ({
      method: 'POST',
      path: 'team',
      body: { email: `member.${++serial}@example.com`, name, role: 'manager', restaurant_ids: [1] },
    }),
  },
  {
    call: 'PUT /team/{id}',
    send: async (name) => {
      const member = (await read('team')).find((m: any) => m.role === 'manager');
      return {
        method: 'PUT',
        path: `team/${member.id}`,
        body: { name, role: 'manager', restaurant_ids: member.restaurant_ids, version: member.version },
      };
    },
  },
  {
    call: 'POST /restaurants',
    send: async (name) => {
      const { abn_no: _abn, version: _v, ...fields } = withoutReadOnly(await read('restaurants/1'));
      return { method: 'POST', path: 'restaurants', body: { ...fields, name, abn_no: validAbn(800_000_000 + ++serial) } };
    },
  },
  {
    call: 'PUT /restaurants/{id}',
    send: async (name) => ({ method: 'PUT', path: 'restaurants/1', body: { ...withoutReadOnly(await read('restaurants/1')), name } }),
  },
  {
    call: 'PUT /profile',
    send: async (name) => ({ method: 'PUT', path: 'profile', body: { ...(await read('profile')).user, name } }),
  },
  { call: 'POST /api-keys', send: async (name) => ({ method: 'POST', path: 'api-keys', body: { name, restaurant_id: null } }) },
];

/** Line breaks (line and paragraph separators too), tabs, other C0 and C1 controls and every Unicode bidirectional control, inside a name and around it. */
const REFUSED = [
  'Zoe\nBcc: someone@example.com',
  'Zoe\r\nSubject: hello',
  'Zoe\rTester',
  'Zoe\tTester',
  'Zoe Tester\n',
  '\tZoe Tester',
  'Zoe\u0000Tester',
  'Zoe\u001bTester',
  'Zoe\u007fTester',
  'Zoe\u0085Tester',
  'Zoe\u009bTester',
  'Zoe \u202Egnp.exe',
  'Zoe\u2028Bcc: someone@example.com',
  'Zoe\u2029Tester',
  ...['\u202A', '\u202B', '\u202C', '\u202D', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'].map(
    (c) => `Zoe${c}Tester`,
  ),
];

describe('a name with a control character is refused (422 on name) by every call that takes one', () => {
  it.each(CALLS)('$call', async ({ send }) => {
    for (const name of REFUSED) {
      const { method, path, body } = await send(name);
      const res = await t.call(method, path, { token: owner, body });
      expect(res.status, `${JSON.stringify(name)}: ${res.text}`).toBe(422);
      expect(res.body.message).toBe(NAME_CONTROL_CHARACTERS_MESSAGE);
      expect(res.body.errors, JSON.stringify(name)).toEqual({ name: [NAME_CONTROL_CHARACTERS_MESSAGE] });
    }
  });

  it.each(CALLS)('$call still takes a name in any script, right-to-left included, trimmed of spaces', async ({ send }) => {
    const name = `  Zoë محمد 李 ${++serial}  `;
    const { method, path, body } = await send(name);
    const res = await t.call(method, path, { token: owner, body });
    expect(res.status, res.text).toBeLessThan(300);
    expect(res.text).toContain(`"name":${JSON.stringify(name.trim())}`);
  });
});
