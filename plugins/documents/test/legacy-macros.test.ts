import { spawn } from 'node:child_process';
import { access, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext } from '@transmute/plugin-sdk/testing';
import { createDocumentsSource } from '../src/index.js';
import { toMarkdown } from './support/read-document.js';

const SLOW = 90_000;

/**
 * A flat OpenDocument text whose load event runs a Basic macro that writes `marker`. Saved under a
 * .doc name it reaches LibreOffice as a .doc upload would (LibreOffice detects the real format).
 */
function macroDocument(marker: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:script="urn:oasis:names:tc:opendocument:xmlns:script:1.0" xmlns:ooo="http://openoffice.org/2004/office" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:dom="http://www.w3.org/2001/xml-events" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:scripts><office:script script:language="ooo:Basic"><ooo:libraries><ooo:library-embedded ooo:name="Standard"><ooo:module ooo:name="Module1"><ooo:source-code>Sub OnLoad
  Dim n As Integer
  n = FreeFile
  Open "${marker}" For Output As #n
  Print #n, "the macro ran"
  Close #n
End Sub
</ooo:source-code></ooo:module></ooo:library-embedded></ooo:libraries></office:script>
<office:event-listeners><script:event-listener script:language="ooo:script" script:event-name="dom:load" xlink:href="vnd.sun.star.script:Standard.Module1.OnLoad?language=Basic&amp;location=document" xlink:type="simple"/></office:event-listeners></office:scripts>
<office:body><office:text><text:p>Hello from a document with a macro</text:p></office:text></office:body>
</office:document>`;
}

const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

/** A profile that lets unsigned document macros run (security "low"): the control's. */
async function permissiveProfile(directory: string): Promise<string> {
  const profile = join(directory, 'profile');
  await mkdir(join(profile, 'user'), { recursive: true });
  await writeFile(
    join(profile, 'user', 'registrymodifications.xcu'),
    '<?xml version="1.0" encoding="UTF-8"?><oor:items xmlns:oor="http://openoffice.org/2001/registry">' +
      '<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>0</value></prop></item></oor:items>',
  );
  return pathToFileURL(profile).href;
}

describe('macros in a legacy upload', () => {
  const plugin = createDocumentsSource();
  const directories: string[] = [];
  afterAll(async () => {
    await plugin.close?.();
    await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true })));
  });

  async function scratch(): Promise<string> {
    const directory = await mkdtemp(join(tmpdir(), 'legacy-macros-'));
    directories.push(directory);
    return directory;
  }

  it(
    'control: the document’s load macro is live (opening it in LibreOffice with low macro security runs it)',
    async () => {
      const directory = await scratch();
      const marker = join(directory, 'macro-ran');
      const path = join(directory, 'macro.fodt');
      await writeFile(path, macroDocument(marker));
      const office = spawn(
        'soffice',
        [`-env:UserInstallation=${await permissiveProfile(directory)}`, '--headless', '--norestore', path],
        { detached: true, stdio: 'ignore', env: { ...process.env, HOME: directory } },
      );
      try {
        for (let waited = 0; waited < 60_000 && !(await exists(marker)); waited += 250) await delay(250);
        expect(await exists(marker)).toBe(true);
      } finally {
        if (office.pid !== undefined) process.kill(-office.pid, 'SIGKILL');
      }
    },
    SLOW,
  );

  it(
    'converting it never runs the macro, and its text is read',
    async () => {
      const directory = await scratch();
      const marker = join(directory, 'macro-ran');
      const bytes = Buffer.from(macroDocument(marker));
      const path = join(directory, 'macro.doc');
      await writeFile(path, bytes);
      const document = await plugin.extract(
        { name: 'macro.doc', mediaType: 'application/msword', sizeBytes: bytes.length, path },
        createTestContext({ limits: { ...plugin.manifest.limits } }),
      );
      expect(toMarkdown(document.root)).toBe('Hello from a document with a macro\n');
      expect(await exists(marker)).toBe(false);
    },
    SLOW,
  );
});
