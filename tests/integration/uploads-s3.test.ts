// The S3 adapter against a real S3-compatible server (s3rver, in this process, on a free port in a
// temporary folder): objects land in the bucket with their type and cache lifetime, are readable
// back byte for byte through the SDK and at their public URL; the API uses the bucket when S3 is
// configured (and the CSP names it); the factory picks the storage from the environment.
import { GetObjectCommand, ListObjectsV2Command, S3Client, CreateBucketCommand } from '@aws-sdk/client-s3';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStorage } from '../../infra/storage/factory.js';
import type { FileStorage } from '../../infra/storage/port.js';
import { createS3Storage } from '../../infra/storage/s3.js';
import { s3ConfigFromEnv, type S3StorageConfig } from '../../infra/storage/s3-config.js';
import type { TestApp } from '../support/test-app.js';
import { tempDirs } from '../support/temp-dirs.js';

// s3rver ships no types; this is the part of it the test uses.
interface S3rverServer {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: { port: number; address: string; directory: string; silent: boolean }) => S3rverServer;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;

const BUCKET = 'hub-files';
let server: S3rverServer;
let endpoint: string;
let config: S3StorageConfig;
let s3: S3Client;
let png: Buffer;
const temp = tempDirs();

beforeAll(async () => {
  server = new S3rver({ port: 0, address: '127.0.0.1', directory: temp.make('hub-s3rver-'), silent: true });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  // s3rver's built-in account.
  Object.assign(process.env, { S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' });
  const fromEnv = s3ConfigFromEnv(process.env);
  if (!fromEnv) throw new Error('S3 configuration not read');
  config = fromEnv;
  s3 = new S3Client({ endpoint, region: config.region, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
  png = (await import('../support/upload-files.js')).makePng(32, 16);
});

afterAll(async () => {
  for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) delete process.env[name];
  s3?.destroy();
  await server?.close();
  temp.removeAll();
});

async function keysInBucket(): Promise<string[]> {
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
}

describe('the S3 adapter', () => {
  it("reads its settings from the environment, with the contract's defaults", () => {
    expect(config).toEqual({
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      region: 'us-east-1',
      bucket: 'hub-files',
      publicUrl: `${endpoint}/hub-files`,
      forcePathStyle: true,
    });
    expect(s3ConfigFromEnv({})).toBeNull();
    expect(() => s3ConfigFromEnv({ S3_ENDPOINT: endpoint })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(
      s3ConfigFromEnv({ ...process.env, S3_PUBLIC_URL: 'https://cdn.example.com/imagens/', S3_BUCKET: 'outro', S3_FORCE_PATH_STYLE: 'false' }),
    ).toMatchObject({
      bucket: 'outro',
      publicUrl: 'https://cdn.example.com/imagens',
      forcePathStyle: false,
    });
  });

  it('stores an object with its type and cache lifetime, readable back byte for byte', async () => {
    const storage = createS3Storage(config);
    const key = 'hubs/az-01-1700000000000-0123456789ab.png';
    const stored = await storage.put(key, png, 'image/png');
    expect(stored).toEqual({ url: `${endpoint}/hub-files/${key}`, path: key });
    expect(storage.publicOrigin).toBe(endpoint);
    expect(storage.open).toBeUndefined(); // the bucket serves its own URLs

    const object = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(png)).toBe(true);
    expect(object.ContentType).toBe('image/png');
    expect(object.CacheControl).toBe('public, max-age=3600');

    const fetched = await fetch(stored.url);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(png)).toBe(true);
  });

  it('refuses keys no adapter may hold, writing nothing', async () => {
    const storage = createS3Storage(config);
    const before = await keysInBucket();
    for (const [key, type] of [
      ['../escape.png', 'image/png'],
      ['hubs/logo.svg', 'image/svg+xml'],
      ['hubs/a.png', 'image/gif'],
      ['hubs/sub/a.png', 'image/png'],
      ['hubs/A.png', 'image/png'],
    ] as const) {
      await expect(storage.put(key, png, type), key).rejects.toThrow();
    }
    expect(await keysInBucket()).toEqual(before);
  });

  it('removes every object of one prefix, page by page, and nothing else', async () => {
    const storage = createS3Storage(config);
    const mine = Array.from({ length: 3 }, (_, i) => `avatars/0a1b-${i}-0123456789ab.png`);
    for (const key of [...mine, 'avatars/0a1bc-1-0123456789ab.png']) await storage.put(key, png, 'image/png');
    const before = await keysInBucket();
    expect(await storage.removeAll('avatars/0a1b-')).toBe(3);
    expect(await keysInBucket()).toEqual(before.filter((key) => !mine.includes(key)));
    await expect(storage.removeAll('avatars')).rejects.toThrow();
  });

  it('is what the factory makes when S3 is configured, and local disk otherwise', async () => {
    const dataDir = temp.make('hub-data-');
    const bucket = createFileStorage({ dataDir, s3: config });
    expect(bucket.publicOrigin).toBe(endpoint);
    expect(bucket.open).toBeUndefined();
    const key = 'avatars/avatar-1700000000000-0123456789ab.png';
    expect((await bucket.put(key, png, 'image/png')).url).toBe(`${endpoint}/hub-files/${key}`);
    expect(await keysInBucket()).toContain(key);

    const disk = createFileStorage({ dataDir, s3: null });
    expect(disk.publicOrigin).toBeNull();
    expect((await disk.put(key, png, 'image/png')).url).toBe(`/files/${key}`);
    const opened = await disk.open!(key);
    expect(opened).toMatchObject({ contentType: 'image/png', size: png.length });
    opened!.stream.destroy(); // it holds the file open until read or closed
  });
});

describe('the API on the bucket', () => {
  let t: TestApp;
  let storage: FileStorage;
  let admin: Record<string, string>;

  beforeAll(async () => {
    // Imported now, with S3_* set: the CSP reads the configuration when its module loads.
    const { config: processConfig } = await import('../../infra/config.js');
    const { startUploadApp } = await import('../support/upload-files.js');
    const { signUp } = await import('../support/test-app.js');
    storage = createFileStorage({ dataDir: temp.make('hub-data-'), s3: processConfig.s3 });
    t = await startUploadApp(storage);
    admin = (await signUp(t, 'Ada', 'admin')).headers;
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('stores an upload in the bucket and answers its public URL', async () => {
    const { uploadForm, executable } = await import('../support/upload-files.js');
    const before = await keysInBucket();
    const refused = uploadForm('hubs', executable(), 'foto.png', 'image/png');
    const no = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...admin, ...refused.headers }, payload: refused.payload });
    expect(no.statusCode).toBe(400);
    expect(await keysInBucket()).toEqual(before);

    const form = uploadForm('hubs', png, 'foto.exe', 'application/octet-stream', [{ name: 'hub_id', value: 'SP-42' }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...admin, ...form.headers }, payload: form.payload });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.path).toMatch(/^hubs\/sp-42-\d{13}-[0-9a-f]{12}\.png$/);
    expect(body).toEqual({ url: `${endpoint}/hub-files/${body.path}`, path: body.path, content_type: 'image/png', size: png.length });
    expect(await keysInBucket()).toEqual([...before, body.path].sort());

    const fetched = await fetch(body.url);
    expect(fetched.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await fetched.arrayBuffer()).equals(png)).toBe(true);
    // The API serves no local files when the bucket holds them.
    expect((await t.app.inject({ method: 'GET', url: `/files/${body.path}` })).statusCode).toBe(404);
  });

  it('lets pages show images from the bucket (CSP img-src)', async () => {
    // Pages carry the full policy (JSON answers under /api carry default-src 'none').
    const res = await t.app.inject({ method: 'GET', url: '/profile' });
    const imgSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.startsWith('img-src'));
    expect(imgSrc?.split(' ')).toContain(endpoint);
  });
});
