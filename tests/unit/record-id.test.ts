import { describe, expect, it } from 'vitest';
import { MAX_RECORD_ID, recordIdOf } from '@contract/record-id';

describe('recordIdOf', () => {
  it('reads a positive int4 in plain digits', () => {
    expect(recordIdOf('1')).toBe(1);
    expect(recordIdOf('42')).toBe(42);
    expect(recordIdOf('2147483647')).toBe(MAX_RECORD_ID);
  });

  it('names no record for anything else', () => {
    for (const text of ['0', '2147483648', '9999999999', '99999999999', '01', '1e3', ' 1', '1 ', '+1', '-1', '1.5', '0x10', 'abc', ''])
      expect(recordIdOf(text), text).toBeUndefined();
    expect(recordIdOf(null)).toBeUndefined();
    expect(recordIdOf(undefined)).toBeUndefined();
  });
});
