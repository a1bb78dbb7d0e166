import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createStorage, newStorageKey, type Storage } from './storage.ts';

/*
 * The storage of uploads, proven the same way on both backends: a folder under DATA_DIR, and an
 * S3-compatible bucket served by a real S3 server (s3rver, pure JavaScript, on 127.0.0.1) that the
 * AWS SDK talks to over HTTP with signed requests, as it would to AWS, MinIO or R2.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const folders: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-storage-'));
  folders.push(dir);
  return dir;
};

let s3: S3rver;
let endpoint: string;
beforeAll(async () => {
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: tempDir(),
    configureBuckets: [{ name: 'fleet-photos', configs: [] }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3.close();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

const backends: [string, () => Storage][] = [
  ['a folder under DATA_DIR', () => createStorage(loadConfig({ DATA_DIR: tempDir() }).storage)],
  [
    'an S3-compatible bucket',
    () =>
      createStorage(
        loadConfig({
          S3_BUCKET: 'fleet-photos',
          S3_ENDPOINT: endpoint,
          S3_REGION: 'us-east-1',
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          S3_FORCE_PATH_STYLE: 'true',
        }).storage,
      ),
  ],
];

describe.each(backends)('storage in %s', (_name, make) => {
  it('puts a file, tells it exists, gives it back as a stream with its type, and deletes it', async () => {
    const storage = make();
    const key = newStorageKey('tasks', 7, [42], 'image/png');
    expect(key).toMatch(/^tasks\/7\/42\/[0-9a-f-]{36}\.png$/);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, PNG, 'image/png');
    expect(await storage.exists(key)).toBe(true);
    const file = await storage.get(key);
    expect(file).toMatchObject({ bytes: PNG.byteLength, contentType: 'image/png' });
    expect((await bytesOf(file!.body)).equals(PNG)).toBe(true);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    // Deleting what is gone is no error.
    await storage.delete(key);
  });

  it('keeps areas and tenants apart and replaces a file put again under its key', async () => {
    const storage = make();
    const a = newStorageKey('tasks', 1, [5], 'image/jpeg');
    const b = newStorageKey('fines', 2, [5], 'image/jpeg');
    await storage.put(a, Buffer.from('first'), 'image/jpeg');
    await storage.put(b, Buffer.from('other'), 'image/jpeg');
    await storage.put(a, Buffer.from('second'), 'image/jpeg');
    expect((await bytesOf((await storage.get(a))!.body)).toString()).toBe('second');
    expect((await bytesOf((await storage.get(b))!.body)).toString()).toBe('other');
  });

  it('refuses a key that could step out of its folder', async () => {
    const storage = make();
    for (const key of [
      '../etc/passwd',
      'tasks/../../x',
      '/tasks/1/x.png',
      'tasks//x',
      'Tasks/1/x.png',
      'tasks/1/x.png\0',
    ]) {
      await expect(storage.put(key, PNG, 'image/png'), key).rejects.toThrow(/invalid storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/invalid storage key/);
    }
  });
});

describe('storage configuration', () => {
  it('uses DATA_DIR/files by default and S3 when a bucket is named', () => {
    expect(loadConfig({ DATA_DIR: '/srv/fleet' }).storage).toEqual({
      kind: 'local',
      dir: '/srv/fleet/files',
    });
    expect(loadConfig({ S3_BUCKET: 'photos' }).storage).toMatchObject({
      kind: 's3',
      bucket: 'photos',
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it('refuses half an S3 configuration, naming the variable', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      /S3_BUCKET: is required when S3_ENDPOINT is set/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'photos', S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
  });
});
