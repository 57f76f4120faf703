import type { Connector } from '@transmute/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { pluginOptionsOf } from '../src/internal/open-runtime.js';
import { loadPlugins } from '../src/internal/load-plugins.js';
import { resolveSettings } from '../src/internal/settings.js';

const DRIVE = '@transmute/plugin-drive';

async function driveWith(env: NodeJS.ProcessEnv): Promise<Connector | undefined> {
  const { plugins } = await loadPlugins([DRIVE], pluginOptionsOf(resolveSettings({}, env)));
  return plugins.find((plugin): plugin is Connector => plugin.manifest.id === 'connector.drive');
}

describe('plugin options from settings', () => {
  it('points connector.drive at the origins TRANSMUTE_DRIVE_HOSTS names', async () => {
    const local = 'http://127.0.0.1:9000/s/abc123?dl=0';
    const dropbox = 'https://www.dropbox.com/s/abc123/report.docx?dl=0';
    const defaults = await driveWith({});
    expect(defaults?.recognizes(new URL(dropbox))).toBe(true);
    expect(defaults?.recognizes(new URL(local))).toBe(false);
    const moved = await driveWith({ TRANSMUTE_DRIVE_HOSTS: '{"dropbox":["http://127.0.0.1:9000"]}' });
    expect(moved?.recognizes(new URL(local))).toBe(true);
    expect(moved?.recognizes(new URL(dropbox))).toBe(false);
  });

  it('stops with a message naming the fault when the hosts are not valid', async () => {
    expect(() => pluginOptionsOf(resolveSettings({}, { TRANSMUTE_DRIVE_HOSTS: '{dropbox' }))).toThrow(
      /TRANSMUTE_DRIVE_HOSTS must be a JSON object/,
    );
    await expect(driveWith({ TRANSMUTE_DRIVE_HOSTS: '{"dropbx":["https://a.example"]}' })).rejects.toThrow(
      /plugin-drive refused its settings: .*unknown provider key "dropbx"/,
    );
    await expect(driveWith({ TRANSMUTE_DRIVE_HOSTS: '{"dropbox":"https://a.example"}' })).rejects.toThrow(
      /"dropbox" must be a list of origins/,
    );
    await expect(driveWith({ TRANSMUTE_DRIVE_HOSTS: '{"box":["https://a.example/path"]}' })).rejects.toThrow(
      /"box" must be/,
    );
  });
});
