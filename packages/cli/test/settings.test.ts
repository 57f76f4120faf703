import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveSettings, SETTINGS } from '../src/internal/settings.js';

describe('resolveSettings', () => {
  it('uses defaults when nothing is given', () => {
    const settings = resolveSettings({}, {});
    expect(settings).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      worker: true,
      rateLimit: true,
      jwtAccountClaim: 'sub',
    });
    expect(settings.dataDir).toMatch(/\.transmute-data$/);
    expect(settings.baseUrl).toBeUndefined();
  });

  it('prefers flags over TRANSMUTE_* variables over defaults', () => {
    const env = {
      TRANSMUTE_PORT: '9000',
      TRANSMUTE_HOST: '0.0.0.0',
      TRANSMUTE_WORKER: 'false',
      TRANSMUTE_RATE_LIMIT: 'off',
    };
    expect(resolveSettings({}, env)).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      worker: false,
      rateLimit: false,
    });
    expect(resolveSettings({ port: '7000', worker: false }, { TRANSMUTE_PORT: '9000' })).toMatchObject({
      port: 7000,
      worker: false,
    });
    expect(resolveSettings({ allowPrivateNetworks: true }, {}).allowPrivateNetworks).toBe(true);
  });

  it('rejects values of the wrong kind', () => {
    expect(() => resolveSettings({}, { TRANSMUTE_PORT: 'eighty' })).toThrow(/TRANSMUTE_PORT/);
    expect(() => resolveSettings({}, { TRANSMUTE_WORKER: 'maybe' })).toThrow(/true or false/);
  });
});

describe('docs/serving.md', () => {
  const docs = readFileSync(new URL('../../../docs/serving.md', import.meta.url), 'utf8');

  it('documents every TRANSMUTE_* variable and no variable that does not exist', () => {
    const documented = new Set(docs.match(/TRANSMUTE_[A-Z_]+/g) ?? []);
    const known = new Set(SETTINGS.map((setting) => setting.env));
    expect([...documented].sort()).toEqual([...known].sort());
  });
});
