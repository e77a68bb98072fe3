// s3rver in a process of its own (started by test/support/s3.ts and `pnpm scaleout`), so that
// what it holds in memory is not counted against the server under test. Arguments: directory,
// bucket, port (0: any free one). Tells its parent the port over IPC; stops when it disconnects.
import S3rver from 's3rver';

const [directory, bucket, wantedPort = '0'] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(wantedPort),
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
process.send?.({ port });
process.on('disconnect', () => {
  server.close().finally(() => process.exit(0));
});
