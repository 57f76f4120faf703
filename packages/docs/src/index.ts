export { buildDocsSite, type DocsFile, type DocsSite, type DocsSiteOptions } from './build-docs-site.js';
export { writeDocsSite } from './write-docs-site.js';
export { GUIDES_DIRECTORY } from './guides-directory.js';
export { DOCS_CONTENT_SECURITY_POLICY } from './content-security-policy.js';
export { PROFILE_EXAMPLES_DIRECTORY } from './profile-examples-directory.js';
export { convertProfileExample, PROFILE_EXAMPLE_SOURCE } from './profile-example-command.js';
