import { describe, expect, it, vi } from 'vitest';

// The validators and YAML are never imported (only required when first used): importing any of them fails.
vi.mock('ajv', () => {
  throw new Error('ajv was loaded');
});
vi.mock('ajv-formats', () => {
  throw new Error('ajv-formats was loaded');
});
vi.mock('yaml', () => {
  throw new Error('yaml was loaded');
});

describe('@transmute/contract/operations', () => {
  // Which names it exports is the README's Public API list, checked by packages/e2e/test/documented-exports.test.ts.
  it('loads without the validators and holds the table and the error catalogue', async () => {
    const entry = await import('../src/operations.js');
    expect(entry.OPERATION_IDS).toHaveLength(25);
    expect(entry.isRememberedError('job_not_cancelable')).toBe(true);
  });

  it('is the entry package.json publishes as ./operations, built by tsup', async () => {
    const manifest = (await import('../package.json', { with: { type: 'json' } })).default;
    expect(manifest.exports['./operations']).toEqual({
      development: './src/operations.ts',
      types: './dist/operations.d.ts',
      default: './dist/operations.js',
    });
    const config = (await import('../tsup.config.js')).default as { entry: string[] };
    expect(config.entry).toContain('src/operations.ts');
  });

  it('the root entry loads without them too: ajv and yaml are required on first use', async () => {
    const root = await import('../src/index.js');
    expect(root.renderOpenApi('yaml')).toMatch(/^openapi: 3\.1/);
    expect(root.validateRequestBody('CreateJobRequest', {}).length).toBeGreaterThan(0);
  });
});
