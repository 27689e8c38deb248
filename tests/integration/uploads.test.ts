// POST /api/upload on local disk (docs/admin-api.md, "Uploads"), with real files made here: the
// type comes from the bytes, never the name; each folder's size limit stops the read; refusals
// store nothing; who may use which folder; stored files are served back as they were.
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorShapeProblem } from '../support/error-shape.js';
import { signUp, type TestApp } from '../support/test-app.js';
import {
  GIF_1X1,
  SVG_WITH_SCRIPT,
  executable,
  filesUnder,
  makePng,
  multipart,
  pngOfAtLeast,
  startUploadApp,
  swappableDiskStorage,
  uploadForm,
} from '../support/upload-files.js';
import { tempDirs } from '../support/temp-dirs.js';

const MB = 1024 * 1024;
const HUB_TYPES = 'Tipo de arquivo não suportado. Por favor, use JPG, PNG ou WebP.';
const HUB_TOO_LARGE = 'Arquivo muito grande. O limite é 5MB.';
const IMAGES_ONLY = 'Por favor selecione apenas arquivos de imagem';
const IMAGE_TOO_LARGE = 'Arquivo muito grande. Tamanho máximo: 10MB';

const disk = swappableDiskStorage();
const temp = tempDirs();
let t: TestApp;
let admin: Record<string, string>;
let renter: Record<string, string>;
let renterId: string;
/** A second renter, so the many refusals below stay under the one the rate limit counts. */
let renter2: Record<string, string>;
let root: string;
const smallPng = makePng(16, 8);
const sixMegabytePng = pngOfAtLeast(6 * MB);

beforeAll(async () => {
  t = await startUploadApp(disk.storage);
  await t.app.ready();
  const [a, u, v] = await Promise.all([signUp(t, 'Ada', 'admin'), signUp(t, 'Renata'), signUp(t, 'Rui')]);
  admin = a.headers;
  renter = u.headers;
  renterId = u.id;
  renter2 = v.headers;
}, 60_000);

afterAll(async () => {
  await t?.close();
  disk.removeAll();
  temp.removeAll();
});

beforeEach(() => {
  root = disk.fresh();
});

function upload(headers: Record<string, string>, form: ReturnType<typeof multipart>) {
  return t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...headers, ...form.headers }, payload: form.payload });
}

function expectRefused(
  res: { statusCode: number; body: string; headers: Record<string, unknown>; json(): unknown },
  status: number,
  code: string,
  message: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual({ error: { code, message } });
  expect(errorShapeProblem(res, 'POST')).toBeNull();
  expect(filesUnder(root)).toEqual([]); // nothing stored for a refused file
}

describe('the type is read from the bytes', () => {
  it('accepts a PNG named .exe as image/png and serves it back byte for byte', async () => {
    const res = await upload(admin, uploadForm('hubs', smallPng, 'setup.exe', 'application/x-msdownload', [{ name: 'hub_id', value: 'AZ-01' }]));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({ url: `/files/${body.path}`, path: body.path, content_type: 'image/png', size: smallPng.length });
    // The server names the file: the Hub's id, a timestamp, a random part, the detected extension.
    expect(body.path).toMatch(/^hubs\/az-01-\d{13}-[0-9a-f]{12}\.png$/);
    expect(filesUnder(root)).toEqual([join('hubs', body.path.slice('hubs/'.length))]);
    expect(readFileSync(join(root, body.path)).equals(smallPng)).toBe(true);

    const served = await t.app.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(smallPng)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=3600');
    expect(served.headers['content-length']).toBe(String(smallPng.length));
  });

  it('refuses an executable named .png and declared image/png', async () => {
    const res = await upload(admin, uploadForm('hubs', executable(), 'foto.png', 'image/png'));
    expectRefused(res, 400, 'unsupported_file_type', HUB_TYPES);
  });

  it('refuses an SVG in every folder (not a raster image; it can carry script)', async () => {
    expectRefused(await upload(admin, uploadForm('hubs', SVG_WITH_SCRIPT, 'logo.svg', 'image/svg+xml')), 400, 'unsupported_file_type', HUB_TYPES);
    expectRefused(await upload(renter, uploadForm('avatars', SVG_WITH_SCRIPT, 'eu.png', 'image/png')), 400, 'unsupported_file_type', IMAGES_ONLY);
  });

  it('refuses an empty file and a form without a file', async () => {
    expectRefused(await upload(renter, uploadForm('avatars', Buffer.alloc(0), 'vazio.png', 'image/png')), 400, 'unsupported_file_type', IMAGES_ONLY);
    const noFile = await upload(renter, multipart([{ name: 'folder', value: 'avatars' }]));
    expectRefused(noFile, 400, 'missing_file', 'Nenhum arquivo enviado. Envie a imagem no campo "file".');
  });

  it('takes GIF for avatars but not for Hubs (JPG, PNG or WebP there)', async () => {
    const avatar = await upload(renter, uploadForm('avatars', GIF_1X1, 'eu.jpg', 'image/jpeg'));
    expect(avatar.statusCode, avatar.body).toBe(201);
    expect(avatar.json()).toMatchObject({ content_type: 'image/gif', size: GIF_1X1.length });
    expect(avatar.json().path).toMatch(/^avatars\/[0-9a-f-]{36}-\d{13}-[0-9a-f]{12}\.gif$/);
    const served = await t.app.inject({ method: 'GET', url: avatar.json().url });
    expect(served.headers['content-type']).toBe('image/gif');
    expect(served.rawPayload.equals(GIF_1X1)).toBe(true);

    root = disk.fresh();
    expectRefused(await upload(admin, uploadForm('hubs', GIF_1X1, 'hub.gif', 'image/gif')), 400, 'unsupported_file_type', HUB_TYPES);
  });
});

describe('size limits per folder', () => {
  it('refuses a 6 MB Hub image with 413, reading no further than the limit', async () => {
    expect(sixMegabytePng.length).toBeGreaterThan(6 * MB);
    const res = await upload(admin, uploadForm('hubs', sixMegabytePng, 'grande.png', 'image/png'));
    expectRefused(res, 413, 'file_too_large', HUB_TOO_LARGE);
    expect(res.headers.connection).toBe('close');
  });

  it('applies the Hub limit when the folder comes after the file', async () => {
    const form = multipart([
      { name: 'file', file: { bytes: sixMegabytePng, filename: 'grande.png', contentType: 'image/png' } },
      { name: 'folder', value: 'hubs' },
    ]);
    expectRefused(await upload(admin, form), 413, 'file_too_large', HUB_TOO_LARGE);
  });

  it('takes up to 10 MB for avatars and refuses more', async () => {
    const accepted = await upload(renter, uploadForm('avatars', sixMegabytePng, 'eu.png', 'image/png'));
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().size).toBe(sixMegabytePng.length);

    root = disk.fresh();
    const tooBig = pngOfAtLeast(10 * MB + 1);
    expectRefused(await upload(renter, uploadForm('avatars', tooBig, 'eu.png', 'image/png')), 413, 'file_too_large', IMAGE_TOO_LARGE);
    expectRefused(await upload(renter, uploadForm(null, tooBig, 'eu.png', 'image/png')), 413, 'file_too_large', IMAGE_TOO_LARGE);
  });

  it('answers 413 over a real connection before the client has sent a 64 MB body', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const form = uploadForm('hubs', Buffer.alloc(0), 'x.png', 'image/png');
    const [head, tail] = splitAroundFile(form.payload);
    const total = 64 * MB;
    let sent = 0;
    // A raw socket: the server answers and closes while we still write, so our writes may fail
    // (EPIPE); what it sent before closing is still read.
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    const headers = { ...admin, ...form.headers, 'content-length': String(head.length + total + tail.length), host: `127.0.0.1:${port}` };
    const request = `POST /api/upload HTTP/1.1\r\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n')}\r\n\r\n`;
    let received = '';
    let closed = false;
    socket.on('data', (piece: Buffer) => (received += piece.toString('utf8')));
    socket.on('error', () => {});
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    void ended.then(() => (closed = true));
    socket.write(request);
    socket.write(head);
    socket.write(sixMegabytePng.subarray(0, 1024)); // a PNG header, then zeros
    sent = 1024;
    const chunk = Buffer.alloc(256 * 1024);
    while (!closed && !received.includes('\r\n\r\n{') && sent < total) {
      if (!socket.write(chunk)) await Promise.race([once(socket, 'drain').catch(() => undefined), ended]);
      sent += chunk.length;
    }
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 2000))]);
    socket.destroy();
    const [statusLine = ''] = received.split('\r\n');
    const text = received.slice(received.indexOf('\r\n\r\n') + 4);
    const res = { statusCode: Number(statusLine.split(' ')[1]) };
    expect(res.statusCode).toBe(413);
    expect(JSON.parse(text)).toEqual({ error: { code: 'file_too_large', message: HUB_TOO_LARGE } });
    expect(sent).toBeLessThan(total / 2);
    expect(filesUnder(root)).toEqual([]);
  });
});

describe('who may upload where', () => {
  it('refuses visitors with 401', async () => {
    expectRefused(await upload({}, uploadForm('avatars', smallPng, 'a.png')), 401, 'unauthorized', 'Autenticação necessária');
  });

  it('refuses a renter the hubs folder with 403, and takes their avatar', async () => {
    expectRefused(await upload(renter, uploadForm('hubs', smallPng, 'a.png')), 403, 'forbidden', 'Apenas administradores podem enviar imagens de Hubs.');
    // Also when the folder is named after the file.
    const late = multipart([
      { name: 'file', file: { bytes: smallPng, filename: 'a.png' } },
      { name: 'folder', value: 'hubs' },
    ]);
    expectRefused(await upload(renter, late), 403, 'forbidden', 'Apenas administradores podem enviar imagens de Hubs.');
    const avatar = await upload(renter, uploadForm('avatars', smallPng, 'a.png'));
    expect(avatar.statusCode, avatar.body).toBe(201);
    // Named after its owner, so erasing the account finds it (api/uploads/file-names.ts).
    expect(avatar.json().path).toMatch(new RegExp(`^avatars/${renterId}-\\d+-[0-9a-f]{12}\\.png$`));
    expect(filesUnder(root)).toHaveLength(1);
  });

  it('lets an admin upload to hubs, and anyone signed in to uploads (the default folder)', async () => {
    const hub = await upload(admin, uploadForm('hubs', smallPng, 'a.png'));
    expect(hub.statusCode, hub.body).toBe(201);
    expect(hub.json().path).toMatch(/^hubs\/hub-\d{13}-[0-9a-f]{12}\.png$/); // no Hub id: the word
    const plain = await upload(renter, uploadForm(null, smallPng, 'a.png'));
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().path).toMatch(/^uploads\/upload-/);
    expect(filesUnder(root)).toHaveLength(2);
  });
});

describe('malformed uploads', () => {
  it('refuses an unknown folder, a second file, a file in another field and a JSON body', async () => {
    expectRefused(await upload(admin, uploadForm('../etc', smallPng, 'a.png')), 400, 'invalid_folder', 'Pasta inválida. Use hubs, avatars ou uploads.');
    const two = multipart([
      { name: 'folder', value: 'avatars' },
      { name: 'file', file: { bytes: smallPng, filename: 'a.png' } },
      { name: 'file', file: { bytes: smallPng, filename: 'b.png' } },
    ]);
    expectRefused(await upload(renter2, two), 400, 'too_many_files', 'Envie um único arquivo por vez.');
    const elsewhere = multipart([{ name: 'image', file: { bytes: smallPng, filename: 'a.png' } }]);
    expectRefused(await upload(renter2, elsewhere), 400, 'unexpected_file', 'Envie a imagem no campo "file".');
    const json = await t.app.inject({ method: 'POST', url: '/api/upload', headers: renter2, payload: { file: 'x' } });
    expectRefused(json, 415, 'unsupported_media_type', 'Envie o arquivo como multipart/form-data, no campo "file".');
  });

  it('refuses a body cut short', async () => {
    const form = uploadForm('avatars', smallPng, 'a.png');
    const cut = { ...form, payload: form.payload.subarray(0, form.payload.length - 60) };
    const res = await upload(renter2, cut);
    expect(res.statusCode).toBe(400);
    expect(errorShapeProblem(res, 'POST')).toBeNull();
    expect(filesUnder(root)).toEqual([]);
  });

  it('accepts multipart bodies on the upload route only', async () => {
    const form = uploadForm('avatars', smallPng, 'a.png');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: form.headers, payload: form.payload });
    expect(res.statusCode).toBe(415);
    expect(errorShapeProblem(res, 'POST')).toBeNull();
  });
});

describe('serving stored files', () => {
  it('answers 404 for names the server could not have made, without leaving the folder', async () => {
    const stored = await upload(renter2, uploadForm('avatars', smallPng, 'a.png'));
    const name = String(stored.json().path).split('/')[1] ?? '';
    expect(name).toMatch(/^[0-9a-f-]{36}-\d{13}-/);
    for (const url of [
      `/files/hubs/${name}`, // another folder
      '/files/avatars/..%2F..%2Fsecrets.json',
      '/files/avatars/%2e%2e',
      `/files/..%2Favatars/${name}`,
      '/files/avatars/logo.svg',
      `/files/avatars/${name.toUpperCase()}`,
      '/files/avatars/.hidden.png',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(errorShapeProblem(res, 'GET'), url).toBeNull();
    }
    expect((await t.app.inject({ method: 'GET', url: `/files/avatars/${name}` })).statusCode).toBe(200);
  });

  it("keeps the file's cache lifetime when the API also serves the web app (which marks pages no-cache)", async () => {
    const web = temp.make('hub-web-');
    writeFileSync(join(web, 'index.html'), '<!doctype html><html lang="pt-BR"><body></body></html>');
    const withWeb = await startUploadApp(disk.storage, web);
    try {
      const admin2 = await signUp(withWeb, 'Ana', 'admin');
      const form = uploadForm('hubs', smallPng, 'a.png');
      const stored = await withWeb.app.inject({ method: 'POST', url: '/api/upload', headers: { ...admin2.headers, ...form.headers }, payload: form.payload });
      expect(stored.statusCode, stored.body).toBe(201);
      for (const method of ['GET', 'HEAD'] as const) {
        const served = await withWeb.app.inject({ method, url: stored.json().url });
        expect(served.statusCode).toBe(200);
        expect(served.headers['cache-control']).toBe('public, max-age=3600');
        expect(served.headers['content-type']).toBe('image/png');
      }
      expect((await withWeb.app.inject({ method: 'GET', url: '/' })).headers['cache-control']).toBe('no-cache');
    } finally {
      await withWeb.close();
    }
  });
});

describe('rate limit', () => {
  it('allows 20 uploads a minute per user, then 429', async () => {
    const someone = await signUp(t, 'Muitos');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await upload(someone.headers, uploadForm('avatars', smallPng, 'a.png'))).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another user is not held back by them.
    expect((await upload(renter, uploadForm('avatars', smallPng, 'a.png'))).statusCode).toBe(201);
  });
});

/** The form's bytes before and after the (empty) file content, to stream a file in between. */
function splitAroundFile(payload: Buffer): [Buffer, Buffer] {
  const marker = Buffer.from('\r\n\r\n');
  const lastHeaderEnd = payload.lastIndexOf(marker) + marker.length;
  return [payload.subarray(0, lastHeaderEnd), payload.subarray(lastHeaderEnd)];
}
