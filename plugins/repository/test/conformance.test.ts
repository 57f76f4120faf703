import { join, resolve } from 'node:path';
import { describeSourceAdapter } from '@transmute/plugin-sdk/testing';
import { createRepositorySource } from '../src/index.js';

const fixtures = resolve(import.meta.dirname, '../../../fixtures/repository');

describeSourceAdapter('source.repository_archive', {
  create: () => createRepositorySource(),
  cases: [
    {
      name: 'a zip of a repository',
      path: join(fixtures, 'repo.zip'),
      mediaType: 'application/zip',
      expectText: ['README.md', 'src/index.js', 'Hello, ${name}!'],
    },
    {
      name: 'a tar.gz of a repository',
      path: join(fixtures, 'repo.tar.gz'),
      mediaType: 'application/gzip',
      expectText: ['README.md', 'src/util/format.py'],
    },
    {
      name: 'a zip bomb (refused)',
      path: join(fixtures, 'zip-bomb.zip'),
      mediaType: 'application/zip',
      expectFailure: 'archive_unsafe',
    },
    {
      name: 'a tar with absolute paths (refused)',
      path: join(fixtures, 'absolute.tar'),
      mediaType: 'application/x-tar',
      expectFailure: 'archive_unsafe',
    },
  ],
});
