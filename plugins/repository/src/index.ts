export { createRepositorySource, type RepositorySourceOptions } from './create-repository-source.js';
