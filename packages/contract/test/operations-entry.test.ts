import { describe, expect, it, vi } from 'vitest';

// The validators and YAML must stay out of the light entry: loading any of them fails the import.
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
  it('loads without the validators and exports exactly the table, the path parameters and the error catalogue', async () => {
    const entry = await import('../src/operations.js');
    expect(Object.keys(entry).sort()).toEqual(
      [
        'API_ERRORS',
        'API_OPERATIONS',
        'OPERATIONS',
        'QUERY_KINDS',
        'MAX_CURSOR_LENGTH',
        'OPERATION_IDS',
        'PATH_PARAMETERS',
        'idPattern',
        'isApiErrorCode',
        'isRememberedError',
        'isWellFormedId',
        'locationOf',
        'pathParamsOf',
      ].sort(),
    );
    expect(entry.OPERATION_IDS).toHaveLength(25);
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

  it('would notice the validators: the root entry does load them', async () => {
    await expect(import('../src/index.js')).rejects.toThrow(/mocking a module/);
  });
});
