import { describe, expect, it } from 'vitest';
import { DEFAULT_DRIVE_HOSTS } from '../src/internal/hosts.js';
import { toDownloadPlan } from '../src/internal/share-links.js';

const planOf = (link: string) => toDownloadPlan(new URL(link), DEFAULT_DRIVE_HOSTS)?.url;

describe('share links of the real providers', () => {
  it.each([
    [
      'https://docs.google.com/document/d/1AbC-d_9/edit?usp=sharing',
      'https://docs.google.com/document/d/1AbC-d_9/export?format=docx',
    ],
    [
      'https://docs.google.com/spreadsheets/d/1XyZ/edit#gid=0',
      'https://docs.google.com/spreadsheets/d/1XyZ/export?format=xlsx',
    ],
    [
      'https://docs.google.com/presentation/u/1/d/1Pq/view',
      'https://docs.google.com/presentation/d/1Pq/export?format=pptx',
    ],
    [
      'https://drive.google.com/file/d/1Fi_le/view?usp=drive_link',
      'https://drive.usercontent.google.com/download?id=1Fi_le&export=download',
    ],
    [
      'https://drive.google.com/open?id=1Op-en',
      'https://drive.usercontent.google.com/download?id=1Op-en&export=download',
    ],
    [
      'https://www.dropbox.com/scl/fi/abc/report.pdf?rlkey=k1&dl=0',
      'https://www.dropbox.com/scl/fi/abc/report.pdf?rlkey=k1&dl=1',
    ],
    ['https://www.dropbox.com/s/abc/notes.md?raw=1', 'https://www.dropbox.com/s/abc/notes.md?dl=1'],
    [
      // The example of Microsoft's shares API documentation.
      'https://onedrive.live.com/redir?resid=1231244193912!12&authKey=1201919!12921!1',
      'https://api.onedrive.com/v1.0/shares/u!aHR0cHM6Ly9vbmVkcml2ZS5saXZlLmNvbS9yZWRpcj9yZXNpZD0xMjMxMjQ0MTkzOTEyITEyJmF1dGhLZXk9MTIwMTkxOSExMjkyMSEx/root/content',
    ],
    [
      'https://contoso.sharepoint.com/:w:/g/personal/a_b/EXyz?e=Q1',
      'https://contoso.sharepoint.com/:w:/g/personal/a_b/EXyz?e=Q1&download=1',
    ],
    ['https://app.box.com/s/abc123', 'https://app.box.com/shared/static/abc123'],
    ['https://acme.app.box.com/s/abc123', 'https://acme.app.box.com/shared/static/abc123'],
  ])('%s downloads from %s', (link, expected) => {
    expect(planOf(link)).toBe(expected);
  });

  it.each([
    'https://example.com/document/d/1AbC/edit',
    'https://drive.google.com/drive/my-drive',
    'https://docs.google.com/',
    'https://app.box.com/folder/1',
    'https://sharepoint.com/x',
    'https://evil-sharepoint.com/x',
    'http://docs.google.com/document/d/1AbC/edit',
  ])('%s is no share link', (link) => {
    expect(planOf(link)).toBeUndefined();
  });
});
