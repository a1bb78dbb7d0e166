import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@fleet/contract';
import { errorsPlugin } from './errors.ts';
import {
  bodyDeadlinePlugin,
  clientKey,
  connectionsPlugin,
  DEFAULT_BODY_LIMIT,
  fastifyServerOptions,
  type THttpLimits,
  type TTimers,
} from './http-server.ts';
import { readMultipartForm } from './uploads.ts';

/*
 * The HTTP server's limits on bare Fastify apps: a body that comes too slowly is cut (408) at its
 * route's deadline, the clock moved by the test; one address holds only so many connections (or,
 * behind a proxy, requests); IPv6 clients are counted by their /64.
 */

const LIMITS: THttpLimits = {
  headersTimeoutMs: 20_000,
  bodyTimeoutMs: 30_000,
  uploadTimeoutMs: 300_000,
  idleTimeoutMs: 120_000,
  keepAliveTimeoutMs: 72_000,
  connectionsPerAddress: 2,
};

/** A clock the test moves: timers run only when `fire` is called. */
function manualTimers() {
  const due = new Map<number, { run: () => void; ms: number }>();
  let next = 1;
  const timers: TTimers = {
    setTimeout: (run, ms) => {
      due.set(next, { run, ms });
      return next++;
    },
    clearTimeout: (handle) => void due.delete(handle as number),
  };
  return {
    timers,
    /** The delays of the timers waiting to run. */
    pending: () => [...due.values()].map((d) => d.ms),
    fire() {
      const ready = [...due.entries()];
      due.clear();
      for (const [, { run }] of ready) run();
    },
  };
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function deadlineApp(timers: TTimers) {
  const app = Fastify();
  apps.push(app);
  await app.register(multipart);
  await app.register(errorsPlugin);
  await app.register(bodyDeadlinePlugin, { limits: LIMITS, timers });
  app.post('/json', async (request) => ({ got: request.body }));
  app.post('/upload', { bodyLimit: DEFAULT_BODY_LIMIT * 10 }, async (request) => {
    const form = await readMultipartForm(request, {
      fileFields: new Set(['file']),
      textFields: new Set(['title']),
      maxFiles: 1,
      maxFileBytes: 1024 * 1024,
      tooLarge: () => 'too large',
      tooMany: () => 'too many',
    });
    return { fields: form.fields };
  });
  app.get('/slow-answer', async () => ({ ok: true }));
  return app;
}

describe('the body deadline', () => {
  it('cuts a JSON body that never finishes arriving with a 408 that closes the connection', async () => {
    const clock = manualTimers();
    const app = await deadlineApp(clock.timers);
    const body = new PassThrough();
    body.write('{"name": "a byte every few sec');
    const answer = app.inject({
      method: 'POST',
      url: '/json',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    await vi.waitFor(() => expect(clock.pending()).toEqual([LIMITS.bodyTimeoutMs]));
    clock.fire();
    const res = await answer;
    expect(res.statusCode).toBe(408);
    expect(res.headers.connection).toBe('close');
    expect(res.json()).toMatchObject({ responseCode: 0, responseMessage: MESSAGES.http.bodyTooSlow });
  });

  it('lets a body that arrives in time through, and no deadline outlives it', async () => {
    const clock = manualTimers();
    const app = await deadlineApp(clock.timers);
    const res = await app.inject({ method: 'POST', url: '/json', payload: { name: 'on time' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ got: { name: 'on time' } });
    expect(clock.pending()).toEqual([]);
    const read = await app.inject({ method: 'GET', url: '/slow-answer' });
    expect(read.statusCode).toBe(200);
    expect(clock.pending()).toEqual([]);
  });

  it('gives an upload route the longer time, and cuts a form that never finishes arriving', async () => {
    const clock = manualTimers();
    const app = await deadlineApp(clock.timers);
    const boundary = 'slow-form';
    const body = new PassThrough();
    body.write(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nLicence\r\n`);
    body.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4`,
    );
    const answer = app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    await vi.waitFor(() => expect(clock.pending()).toEqual([LIMITS.uploadTimeoutMs]));
    clock.fire();
    const res = await answer;
    expect(res.statusCode).toBe(408);
    expect(res.headers.connection).toBe('close');
    expect(res.json().responseMessage).toBe(MESSAGES.http.bodyTooSlow);

    // A form that arrives in time is read whole, and its deadline ends with it.
    const done = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nLicence\r\n--${boundary}--\r\n`,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ fields: { title: 'Licence' } });
    expect(clock.pending()).toEqual([]);
  });
});

describe('the server timeouts', () => {
  it('waits for headers, bodies and idle connections only so long', async () => {
    const app = Fastify(fastifyServerOptions(LIMITS));
    apps.push(app);
    expect(app.server.headersTimeout).toBe(LIMITS.headersTimeoutMs);
    expect(app.server.requestTimeout).toBe(LIMITS.headersTimeoutMs + LIMITS.uploadTimeoutMs);
    expect(app.server.keepAliveTimeout).toBe(LIMITS.keepAliveTimeoutMs);
    expect(app.server.timeout).toBe(LIMITS.idleTimeoutMs);
  });
});

describe('connections per address', () => {
  it('counts an IPv4 address as itself, IPv4-mapped or not, and an IPv6 client by its /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe(clientKey('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
    expect(clientKey('[2001:db8:1:2::9]')).toBe('2001:db8:1:2::/64');
  });

  /** Opens a keep-alive connection from `localAddress` and sends one request; answers the reply's first line. */
  function ask(port: number, localAddress: string) {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString('latin1');
        if (text.includes('\r\n\r\n')) resolve(text.split('\r\n')[0]!);
      });
      socket.on('close', () => resolve(text.split('\r\n')[0] ?? ''));
      socket.on('error', () => undefined);
    });
    socket.write('GET /ping HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    return { socket, answer };
  }

  it('answers a connection beyond the cap 429 and serves another address as before', async () => {
    const app = Fastify();
    apps.push(app);
    await app.register(errorsPlugin);
    // The test's clients are on this machine: loopback counts here as any other address.
    await app.register(connectionsPlugin, { max: 2, trustProxy: false, loopbackExempt: false });
    app.get('/ping', async () => ({ pong: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const sockets: net.Socket[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        const { socket, answer } = ask(port, '127.0.0.1');
        sockets.push(socket);
        expect(await answer).toBe('HTTP/1.1 200 OK');
      }
      const third = ask(port, '127.0.0.1');
      sockets.push(third.socket);
      expect(await third.answer).toBe('HTTP/1.1 429 Too Many Requests');
      const elsewhere = ask(port, '127.0.0.2');
      sockets.push(elsewhere.socket);
      expect(await elsewhere.answer).toBe('HTTP/1.1 200 OK');
      // One closed, one more fits again.
      const closed = new Promise((resolve) => sockets[0]!.once('close', resolve));
      sockets[0]!.destroy();
      await closed;
      await vi.waitFor(async () => {
        const again = ask(port, '127.0.0.1');
        sockets.push(again.socket);
        expect(await again.answer).toBe('HTTP/1.1 200 OK');
      });
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });

  it("leaves this machine's own connections (the fleet simulator's) uncapped", async () => {
    const app = Fastify();
    apps.push(app);
    await app.register(errorsPlugin);
    await app.register(connectionsPlugin, { max: 1, trustProxy: false });
    app.get('/ping', async () => ({ pong: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const asked = [ask(port, '127.0.0.1'), ask(port, '127.0.0.1'), ask(port, '127.0.0.3')];
    try {
      expect(await Promise.all(asked.map((a) => a.answer))).toEqual(Array(3).fill('HTTP/1.1 200 OK'));
    } finally {
      for (const { socket } of asked) socket.destroy();
    }
  });

  it('behind a trusted proxy, counts the requests in flight of each forwarded address', async () => {
    const app = Fastify({ trustProxy: true });
    apps.push(app);
    await app.register(errorsPlugin);
    await app.register(connectionsPlugin, { max: 2, trustProxy: true });
    const held: (() => void)[] = [];
    app.get('/hold', () => new Promise((resolve) => held.push(() => resolve({ done: true }))));
    app.get('/ping', async () => ({ pong: true }));
    const from = (address: string, url = '/hold') =>
      app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': address } });
    const first = from('198.51.100.1');
    const second = from('198.51.100.1');
    await vi.waitFor(() => expect(held).toHaveLength(2));
    const third = await from('198.51.100.1', '/ping');
    expect(third.statusCode).toBe(429);
    expect(third.json().responseMessage).toBe(MESSAGES.http.tooManyConnections);
    expect((await from('198.51.100.2', '/ping')).statusCode).toBe(200);
    for (const release of held) release();
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
    expect((await from('198.51.100.1', '/ping')).statusCode).toBe(200);
  });
});
