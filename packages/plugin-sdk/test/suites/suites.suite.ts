// Run by ../conformance-suites.test.ts (not by the workspace's vitest include): each describe is
// one use of a suite, and the test expects exactly the misbehaving plugins' checks to fail.
import { describeOutputRenderer, describeSourceAdapter } from '../../src/testing.js';
import { NOTE, createFakeRenderer, createFakeSource } from './fake-plugins.js';

const cases = [{ name: 'a note', path: NOTE, mediaType: 'text/plain', expectText: ['short note'] }];

describeSourceAdapter('good source', { create: () => createFakeSource(), cases });
describeSourceAdapter('disabled source that declares it', {
  create: () => createFakeSource({ disabled: true }),
  disabledFailure: 'transcription_unavailable',
  cases,
});
describeSourceAdapter('disabled source that does not declare it', {
  create: () => createFakeSource({ disabled: true }),
  cases,
});
describeSourceAdapter('unbounded source', { create: () => createFakeSource({ unbounded: true }), cases });

const request = () => ({
  profile: 'raw_source' as const,
  format: 'jsonl' as const,
  language: 'en',
  includeRawSource: false,
  rendering: { profile: 'raw_source' as const, markdown: '# Note\n', records: [], files: [], warnings: [] },
  originals: [],
});
describeOutputRenderer('good renderer', {
  create: () => createFakeRenderer(),
  cases: [{ name: 'a note', request }],
});
describeOutputRenderer('renderer with a wrong sha256', {
  create: () => createFakeRenderer({ wrongHash: true }),
  cases: [{ name: 'a note', request }],
});
