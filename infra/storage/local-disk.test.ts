// The local-disk adapter on its own: keys that could leave the folder or carry an unknown type are
// refused before the disk is touched, nothing is overwritten, and no temporary file is left.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDirs } from '../../tests/support/temp-dirs.js';
import { contentTypeOfKey } from './keys.js';
import { createLocalDiskStorage } from './local-disk.js';

const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
let parent: string;
let root: string;

const temp = tempDirs();

beforeEach(() => {
  parent = temp.make('hub-disk-');
  root = join(parent, 'uploads');
});
afterEach(() => temp.removeAll());

const everything = (dir: string) => readdirSync(dir, { recursive: true }).map(String).sort();

describe('local disk storage', () => {
  it('stores a file under {folder}/{name} and opens it with the type its name stands for', async () => {
    const storage = createLocalDiskStorage(root);
    expect(await storage.put('hubs/az-01-1-abc.png', bytes, 'image/png')).toEqual({ url: '/files/hubs/az-01-1-abc.png', path: 'hubs/az-01-1-abc.png' });
    expect(readFileSync(join(root, 'hubs', 'az-01-1-abc.png')).equals(bytes)).toBe(true);
    expect(everything(root)).toEqual(['hubs', join('hubs', 'az-01-1-abc.png')]); // no temporary file left
    const opened = await storage.open!('hubs/az-01-1-abc.png');
    expect(opened).toMatchObject({ contentType: 'image/png', size: bytes.length });
    const read: Buffer[] = [];
    for await (const chunk of opened!.stream) read.push(chunk as Buffer);
    expect(Buffer.concat(read).equals(bytes)).toBe(true);
    expect(await storage.open!('hubs/missing.png')).toBeNull();
  });

  it('refuses keys that could leave the folder or are not a known image type, touching nothing', async () => {
    writeFileSync(join(parent, 'secret.png'), 'outside');
    const storage = createLocalDiskStorage(root);
    for (const key of [
      '../secret.png',
      'hubs/../../secret.png',
      '/etc/passwd.png',
      'hubs/.hidden.png',
      'hubs/a.svg',
      'hubs/a.html',
      'hubs',
      'a/b/c.png',
      'Hubs/a.png',
      'hubs/a.PNG',
      '',
    ]) {
      await expect(storage.put(key, bytes, 'image/png'), key).rejects.toThrow();
      expect(await storage.open!(key), key).toBeNull();
    }
    expect(everything(parent)).toEqual(['secret.png']);
  });

  it('refuses a content type other than the one the name stands for', async () => {
    const storage = createLocalDiskStorage(root);
    await expect(storage.put('hubs/a.png', bytes, 'text/html')).rejects.toThrow();
    expect(contentTypeOfKey('hubs/a.jpg')).toBe('image/jpeg');
    expect(contentTypeOfKey('hubs/a.exe')).toBeNull();
  });

  it('never overwrites a stored file', async () => {
    const storage = createLocalDiskStorage(root);
    await storage.put('avatars/a.gif', bytes, 'image/gif');
    await expect(storage.put('avatars/a.gif', Buffer.from('other'), 'image/gif')).rejects.toThrow(/EEXIST/);
    expect(readFileSync(join(root, 'avatars', 'a.gif')).equals(bytes)).toBe(true);
    expect(everything(join(root, 'avatars'))).toEqual(['a.gif']);
  });

  it('removes every file of one prefix in one folder, and refuses prefixes that could reach further', async () => {
    const storage = createLocalDiskStorage(root);
    for (const key of ['avatars/u1-1-a.png', 'avatars/u1-2-b.gif', 'avatars/u12-1-c.png', 'hubs/u1-1-d.png'])
      await storage.put(key, bytes, contentTypeOfKey(key)!);
    expect(await storage.removeAll('avatars/u1-')).toBe(2);
    expect(everything(join(root, 'avatars'))).toEqual(['u12-1-c.png']);
    expect(everything(join(root, 'hubs'))).toEqual(['u1-1-d.png']);
    expect(await storage.removeAll('uploads/u1-')).toBe(0); // a folder never written
    for (const prefix of ['', 'avatars', 'avatars/', '../avatars/u', 'avatars/../hubs', 'avatars/u1/x', '/avatars/u1']) {
      await expect(storage.removeAll(prefix), prefix).rejects.toThrow();
    }
    expect(everything(root)).toEqual(['avatars', join('avatars', 'u12-1-c.png'), 'hubs', join('hubs', 'u1-1-d.png')]);
  });
});
