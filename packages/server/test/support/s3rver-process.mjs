// s3rver in a process of its own (started by test/support/s3.ts), so that what it holds in
// memory is not counted against the server under test. Tells its parent the port over IPC.
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
process.send?.({ port });
process.on('disconnect', () => {
  server.close().finally(() => process.exit(0));
});
