import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { serializeError, withSafeLogging } from './logging.ts';

/** A logger as the server makes it, writing JSON lines to memory. */
function logger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const app = Fastify({ logger: withSafeLogging({ level: 'info', stream }) });
  const last = () => JSON.parse(lines.at(-1)!) as { msg: string; err: Record<string, unknown> };
  return { log: app.log, last };
}

const cyclic: Record<string, unknown> = { name: 'loop' };
cyclic.self = cyclic;

// An error whose name, message and stack all throw when read.
const thrower = {
  get() {
    throw new Error('not readable');
  },
};
const hostile = Object.create(Error.prototype, {
  name: thrower,
  message: thrower,
  stack: thrower,
}) as Error;

const revoked = Proxy.revocable({}, {});
revoked.revoke();

describe('logging any value as an error', () => {
  const cases: [string, unknown, (err: Record<string, unknown>) => void][] = [
    [
      'a string',
      'fix refused: 400 Unknown device',
      (err) => expect(err.message).toBe('fix refused: 400 Unknown device'),
    ],
    [
      'undefined',
      undefined,
      (err) => expect(err ?? { type: 'undefined' }).toMatchObject({ type: 'undefined' }),
    ],
    ['null', null, (err) => expect(err.type).toBe('null')],
    ['a number', 42, (err) => expect(err.message).toBe('42')],
    [
      'a plain object',
      { status: 400, reason: 'unknown' },
      (err) => expect(err.message).toContain('"reason":"unknown"'),
    ],
    ['a cyclic object', cyclic, (err) => expect(err.message).toContain('[cycle]')],
    ['a revoked proxy', revoked.proxy, (err) => expect(err.type).toBe('object')],
    [
      'an AggregateError',
      new AggregateError([new Error('first'), 'second'], 'both failed'),
      (err) => {
        expect(err.type).toBe('AggregateError');
        expect(err.errors).toEqual([
          expect.objectContaining({ message: 'first' }),
          expect.objectContaining({ message: 'second' }),
        ]);
      },
    ],
    [
      'an error whose getters throw',
      hostile,
      (err) => expect(err).toMatchObject({ type: 'Error', message: '' }),
    ],
    [
      'an error with a cause that is not an error',
      new Error('outer', { cause: { code: 'ECONNRESET' } }),
      (err) => expect(err.cause).toEqual(expect.objectContaining({ message: '{"code":"ECONNRESET"}' })),
    ],
  ];

  it.each(cases)('logs %s as err and goes on', (_label, value, check) => {
    const { log, last } = logger();
    log.error({ err: value }, 'something failed');
    const line = last();
    expect(line.msg).toBe('something failed');
    check(line.err);
  });

  it('cuts query parameters out of any text it is given', () => {
    const err = serializeError('Failed query: insert into drivers\nparams: 1,scrypt$secret');
    expect(err.message).not.toContain('scrypt$secret');
    expect(err.message).toContain('params: [redacted]');
  });

  it('bounds the text of a huge value', () => {
    const err = serializeError('x'.repeat(100_000));
    expect(err.message.length).toBeLessThan(10_000);
  });
});
