import { citingLines, lowered, overAllowance } from '../../scripts/check-citations';

// Built from pieces so that this file does not cite anything itself.
const S = '\u00a7';
const cites = [
  `spec ${S}9`,
  `DESIGN ${S}1`,
  `${S}4`,
  `(issue ${7})`,
  `Issue ${8}, Proof`,
  `written from the ${'sp'}ec`,
  `the ${'sp'}ec's text`,
  `(${'sp'}ec)`,
  `${'sp'}ec-style`,
];
const clean = [
  'the window ends yesterday',
  'tokens.issue(user)',
  'a zod issue path',
  'docs/product.md#toasts',
  'the specification of the CSV',
];

describe('citations of documents outside the repository', () => {
  it('finds each form a citation takes, and nothing else', () => {
    for (const line of cites) expect(citingLines(`ok\n// ${line}\n`), line).toEqual([2]);
    for (const line of clean) expect(citingLines(line), line).toEqual([]);
  });

  it('refuses a new citation: in a listed file beyond its allowance, and in any other file', () => {
    expect(overAllowance({ 'a.ts': 2, 'b.ts': 1 }, { 'a.ts': 2, 'b.ts': 1 })).toEqual([]);
    expect(overAllowance({ 'a.ts': 3 }, { 'a.ts': 2 })).toEqual(['a.ts: 3 citation line(s), allowed 2']);
    expect(overAllowance({ 'c.ts': 1 }, { 'a.ts': 2 })).toEqual(['c.ts: 1 citation line(s), allowed 0']);
    // With nothing listed, the whole tree is checked.
    expect(overAllowance({ 'a.ts': 1 }, {})).toHaveLength(1);
  });

  it('only ever lowers the allowance', () => {
    expect(lowered({ 'a.ts': 1, 'c.ts': 5 }, { 'a.ts': 2, 'b.ts': 3 })).toEqual({ 'a.ts': 1 });
    expect(lowered({ 'a.ts': 4 }, { 'a.ts': 2 })).toEqual({ 'a.ts': 2 });
  });
});
