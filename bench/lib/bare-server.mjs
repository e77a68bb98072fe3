// What the two bare servers of the customer-list bench (baseline-server.mjs, floor-server.mjs)
// share: the same access-token check, and listening until the bench stops them.

/**
 * The claims of the request's HS256 bearer token, or null after answering 401 (the same check as
 * the product's: signature, algorithm, audience).
 */
export async function bearerClaims(request, reply, { jwtVerify, key, audience }) {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (match) {
    try {
      return (await jwtVerify(match[1], key, { algorithms: ['HS256'], audience })).payload;
    } catch {
      // answered below
    }
  }
  reply.code(401).send({ error: 'unauthorized' });
  return null;
}

/** Listens on PORT, tells the bench its URL, and closes the app and its pool when stopped. */
export async function serveUntilStopped(app, pool) {
  await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
  const address = app.server.address();
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    app
      .close()
      .then(() => pool.end())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('disconnect', stop);
  process.send?.({ ready: true, url: `http://127.0.0.1:${address.port}` });
}
