// The e2e suites mount the real service on every framework with the same helper the http
// package's own mount tests use: one way to start each mount.
export { MOUNTS, startMount, type MountName, type RunningMount } from '../../../http/test/start-mount.js';
