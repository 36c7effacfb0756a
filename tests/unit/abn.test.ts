import { describe, expect, it } from 'vitest';
import { ABN_MESSAGES, abn, canonicalAbn, createRestaurantInput, hasValidAbnChecksum } from '@contract/restaurants.contract';
import { validAbn } from '../support/abn';

// Registered ABNs (the first is the ATO's own example) and near misses of them.
const VALID = ['51824753556', '53004085616', '33102417032', '83914571673', '12004044937'];
const INVALID = [
  '51824753557', // one digit off
  '15824753556', // two digits swapped
  '51824753565', // two digits swapped at the end
  '10000000190', // divisible by 89 only without subtracting 1 from the first digit
  '07100000000', // the sum is 0, but the check digits are 10 to 99
  '99999999999',
];

describe('ABN checksum', () => {
  it('accepts ABNs whose weighted sum (first digit minus 1) is divisible by 89', () => {
    // 51 824 753 556: (5−1)·10 + 1·1 + 8·3 + 2·5 + 4·7 + 7·9 + 5·11 + 3·13 + 5·15 + 5·17 + 6·19 = 534 = 6 · 89.
    for (const digits of VALID) expect(hasValidAbnChecksum(digits), digits).toBe(true);
  });

  it('refuses one digit off, swapped digits, the sum without the subtraction and a leading 0', () => {
    for (const digits of INVALID) expect(hasValidAbnChecksum(digits), digits).toBe(false);
  });

  it("is met by the tests' ABN maker", () => {
    for (const n of [0, 1, 824753556, 4085616, 999999999]) expect(hasValidAbnChecksum(validAbn(n).replace(/ /g, '')), String(n)).toBe(true);
    expect(validAbn(824753556)).toBe('51 824 753 556');
  });

  it('refuses anything but 11 digits', () => {
    for (const digits of ['', '5182475355', '518247535560', '51 824 753 556', '5182475355x']) {
      expect(hasValidAbnChecksum(digits), digits).toBe(false);
    }
  });
});

describe('ABN field of Add Restaurant', () => {
  const messageOf = (input: unknown) => {
    const parsed = abn.safeParse(input);
    return parsed.success ? null : parsed.error.issues.map((i) => i.message);
  };

  it('stores one canonical form, however the digits were spaced', () => {
    for (const typed of ['51824753556', '51 824 753 556', ' 5182 4753 556 ', '51\u00a0824\u00a0753\u00a0556']) {
      expect(abn.parse(typed), typed).toBe('51 824 753 556');
    }
    expect(canonicalAbn('53004085616')).toBe('53 004 085 616');
  });

  it('names one reason per refusal', () => {
    expect(messageOf('')).toEqual([ABN_MESSAGES.digits]);
    expect(messageOf(51824753556)).toEqual([ABN_MESSAGES.digits]);
    expect(messageOf('5182475355')).toEqual([ABN_MESSAGES.digits]);
    expect(messageOf('51-824-753-556')).toEqual([ABN_MESSAGES.digits]);
    expect(messageOf('51 824 753 557')).toEqual([ABN_MESSAGES.checksum]);
  });

  it('is optional in the create body (blank is none), which is the edit body without a version', () => {
    const body = {
      logo: null,
      name: 'Harbour Eats Manly',
      address: '1 The Corso',
      suburb: 'Manly',
      post_code: '2095',
      city: 'Sydney',
      state: 'NSW',
      phone_no: '(02) 9977 1234',
      email: 'manly@example.com',
      business_type: 'Cafe',
      capacity: 40,
      status: 'Active',
    };
    for (const none of [undefined, null, '', '   ']) {
      expect(createRestaurantInput.parse({ ...body, abn_no: none }), String(none)).toEqual({ ...body, abn_no: null, status: 1 });
    }
    const parsed = createRestaurantInput.safeParse({ ...body, abn_no: '51 824 753 557' });
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['abn_no', ABN_MESSAGES.checksum]]);
    expect(createRestaurantInput.parse({ ...body, abn_no: '53004085616', version: 9 })).toEqual({
      ...body,
      abn_no: '53 004 085 616',
      status: 1,
    });
  });
});
