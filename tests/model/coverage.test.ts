import { describe, expect, it } from 'vitest';
import { TestModel } from 'xstate/graph';
import { forgotPasswordMachine } from '../../src/machines/forgot-password.machine';
import { expectFullCoverage } from './support/coverage';

describe('the coverage guard of the model-based tests', () => {
  const model = new TestModel(forgotPasswordMachine);
  const paths = model.getShortestPaths();

  it('fails when a path set misses states or transitions', () => {
    expect(paths.length).toBeGreaterThan(0);
    expect(() => expectFullCoverage(forgotPasswordMachine, paths.slice(0, 1))).toThrow();
    expect(() => expectFullCoverage(forgotPasswordMachine, [])).toThrow();
  });
});
