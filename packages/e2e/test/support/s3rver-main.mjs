// Runs s3rver in a process of its own for the e2e tests (see s3rver-process.ts).
// s3rver's file-system backend can throw from a stream it leaves unguarded when an object is deleted while it is
// being read (ENOENT on `<key>._S3rver_object`). Real S3 answers such a read whole or 404; here the one request fails
// and the server goes on, instead of the exception surfacing in the test process.
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
process.on('uncaughtException', (error) => {
  process.stderr.write(`s3rver: ${error instanceof Error ? error.message : String(error)}\n`);
});
const server = new S3rver({
  port: 0,
  address: '127.0.0.1',
  directory,
  silent: true,
  configureBuckets: [{ name: bucket, configs: [] }],
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.on('SIGTERM', () => {
  void server.close().finally(() => process.exit(0));
});
