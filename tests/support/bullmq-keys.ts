// BullMQ keys a test made on a shared Redis: found with SCAN (never KEYS) and removed at teardown,
// so a test run leaves nothing behind. Our adapter names BullMQ queues `<queueName>.<job name>`.
import { Redis } from 'ioredis';

const globEscape = (s: string) => s.replace(/[*?[\]\\]/g, (c) => `\\${c}`);

/** Every key matching pattern, by SCAN. */
export async function scanAll(redis: Redis, pattern: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== '0');
  return keys;
}

const patternFor = (queueName: string, prefix: string) => `${globEscape(prefix)}:${globEscape(queueName)}.*`;

/** Keys of every BullMQ queue of this base name (all job names). */
export async function bullKeys(redisUrl: string, queueName: string, prefix = 'bull'): Promise<string[]> {
  const redis = new Redis(redisUrl, { lazyConnect: true });
  try {
    await redis.connect();
    return await scanAll(redis, patternFor(queueName, prefix));
  } finally {
    redis.disconnect();
  }
}

/** Deletes them; call after every queue and worker on that name has closed. Returns the count. */
export async function deleteBullKeys(redisUrl: string, queueName: string, prefix = 'bull'): Promise<number> {
  const redis = new Redis(redisUrl, { lazyConnect: true });
  try {
    await redis.connect();
    const keys = await scanAll(redis, patternFor(queueName, prefix));
    for (let i = 0; i < keys.length; i += 500) await redis.unlink(...keys.slice(i, i + 500));
    return keys.length;
  } finally {
    redis.disconnect();
  }
}

/**
 * After a cluster of real processes on this queue name: its BullMQ keys and the keys the processes
 * share under the name (`{queueName}-rate-limit:*`, the Socket.IO channel…) are gone. Returns what
 * is left of either (a test expects none).
 */
export async function removeClusterKeys(redisUrl: string, queueName: string): Promise<string[]> {
  await deleteBullKeys(redisUrl, queueName);
  const redis = new Redis(redisUrl);
  try {
    const shared = await scanAll(redis, `${globEscape(queueName)}-*`);
    if (shared.length) await redis.unlink(...shared);
    return [...(await scanAll(redis, `${globEscape(queueName)}-*`)), ...(await bullKeys(redisUrl, queueName))];
  } finally {
    redis.disconnect();
  }
}
