// Preloaded (`node --import`) into each server the customer-list bench starts: counts the round
// trips each process makes to PostgreSQL, at the pg client. Every query pg sends without pipelining
// is one round trip (it is written, then the client waits for the server's ReadyForQuery before
// it sends the next); a simple-protocol string of several statements is one query, so one round
// trip. Connecting is not counted. The bench asks for the count over IPC before and after a load
// run and divides by the answers: a measurement, not a reading of the code.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { serverDir } from './server-package.mjs';

const pg = createRequire(join(serverDir(), 'package.json'))('pg');
let roundTrips = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  roundTrips += 1;
  return query.apply(this, args);
};

process.on('message', (message) => {
  if (message?.roundTripsRequest !== undefined) {
    process.send?.({ roundTripsAnswer: message.roundTripsRequest, roundTrips });
  }
});
