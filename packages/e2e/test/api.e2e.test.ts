import { afterAll, beforeAll, describe, it } from 'vitest';
import { CASES } from './cases/index.js';
import { createCaseContext, type CaseContext } from './cases/context.js';
import { MOUNTS } from './support/mounts.js';
import { createStack, type Stack } from './support/stack.js';

describe.each(MOUNTS)('v1 API over %s', (mount) => {
  let stack: Stack;
  let ctx: CaseContext;
  beforeAll(async () => {
    stack = await createStack(mount);
    ctx = await createCaseContext(stack);
  }, 120_000);
  afterAll(async () => {
    await stack.close();
  }, 120_000);

  it.each(CASES.map((testCase) => [testCase.name, testCase] as const))('%s', async (_name, testCase) => {
    await testCase.run(ctx);
  });
});
