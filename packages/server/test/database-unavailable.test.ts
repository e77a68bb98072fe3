/**
 * Which errors mean "the database cannot be reached right now" (answered 503 DB_001 with a retry,
 * never 500): the node codes, SQLSTATE classes 08, 53 and 57P0, and pg's own messages, including
 * the query on a pooled client whose connection a crash of PostgreSQL has just broken (seen in
 * the crash drill, `pnpm drill --kill postgres`, as 500s).
 */
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../src/platform/db/database';

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset socket', withCode('read ECONNRESET', 'ECONNRESET')],
    ['the postmaster gone', withCode('terminating connection due to unexpected postmaster exit', '57P01')],
    ['the database starting up', withCode('the database system is starting up', '57P03')],
    ['too many connections', withCode('sorry, too many clients already', '53300')],
    ['a connection exception', withCode('connection failure', '08006')],
    ['a broken connection', new Error('Connection terminated unexpectedly')],
    ['a pool that cannot connect', new Error('timeout exceeded when trying to connect')],
    [
      'a client used after its connection broke',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['a client used after it was closed', new Error('Client was closed and is not queryable')],
    ['a cause that is one of them', new Error('query failed', { cause: new Error('Connection terminated') })],
    ['one of many', new AggregateError([new Error('x'), withCode('refused', 'ECONNREFUSED')])],
  ])('counts %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a statement timeout', withCode('canceling statement due to statement timeout', '57014')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'Connection terminated'],
  ])('does not count %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
