import { describe, expect, it } from 'vitest';

describe('@transmute/cli exports', () => {
  it('exports exactly the public API', async () => {
    expect(Object.keys(await import('../src/index.js')).sort()).toEqual(
      [
        'registerServeCommand',
        'startServer',
        'registerWorkerCommand',
        'startWorker',
        'registerAccountsCommand',
        'registerKeysCommand',
        'registerOpenapiCommand',
        'renderOpenApi',
        'registerConvertCommand',
        'runConvert',
        'mediaTypeFromName',
        'loadPlugins',
        'PLUGIN_PACKAGES',
      ].sort(),
    );
  });
});
