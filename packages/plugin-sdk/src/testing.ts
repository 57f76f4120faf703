export { createTestContext, type RecordingContext, type TestContextOptions } from './create-test-context.js';
export {
  describeSourceAdapter,
  type SourceAdapterCase,
  type SourceAdapterSuiteOptions,
} from './describe-source-adapter.js';
export {
  describeOutputRenderer,
  type OutputRendererCase,
  type OutputRendererSuiteOptions,
} from './describe-output-renderer.js';
