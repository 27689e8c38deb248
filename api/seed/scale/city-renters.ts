import type { ClientBase } from 'pg';
import { hashPassword } from '../../auth/passwords.js';
import type { Random } from './random.js';

// The city's accounts: renters plus one admin, written straight into `users` (migration 0002)
// in batches. argon2 is slow by design, so every account shares one hash of the same password.

export interface CityRenter {
  id: string;
  name: string;
  email: string;
  phone: string;
}

const FIRST = [
  'Ana',
  'Beatriz',
  'Bruno',
  'Camila',
  'Carlos',
  'Daniel',
  'Eduarda',
  'Felipe',
  'Fernanda',
  'Gabriel',
  'Giovana',
  'Gustavo',
  'Helena',
  'Isabela',
  'João',
  'Júlia',
  'Larissa',
  'Leonardo',
  'Letícia',
  'Lucas',
  'Luiza',
  'Marcos',
  'Mariana',
  'Matheus',
  'Natália',
  'Pedro',
  'Rafael',
  'Renata',
  'Rodrigo',
  'Sofia',
  'Thiago',
  'Vinícius',
];
const LAST = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Moreira',
];

export const CITY_ADMIN_EMAIL = 'admin@cidade.hub.dev';
export const cityRenterEmail = (n: number) => `cliente${n}@cidade.hub.dev`;

export function planRenters(random: Random, count: number): CityRenter[] {
  return Array.from({ length: count }, (_, n) => ({
    id: random.uuid(),
    name: `${random.pick(FIRST)} ${random.pick(LAST)} ${random.pick(LAST)}`,
    email: cityRenterEmail(n + 1),
    phone: `119${String(random.int(100_000_000)).padStart(8, '0')}`,
  }));
}

const BATCH = 5_000;

/** Inserts the renters and one admin (same password); returns how many accounts it wrote. */
export async function insertAccounts(
  client: ClientBase,
  renters: readonly CityRenter[],
  admin: { id: string },
  password: string,
  createdAt: Date,
): Promise<number> {
  const hash = await hashPassword(password);
  const accounts = [
    { id: admin.id, name: 'Administração Cidade', email: CITY_ADMIN_EMAIL, phone: '11900000000', role: 'admin' },
    ...renters.map((r) => ({ ...r, role: 'user' })),
  ];
  for (let i = 0; i < accounts.length; i += BATCH) {
    const batch = accounts.slice(i, i + BATCH);
    await client.query(
      `INSERT INTO users (id, name, email, phone, password_hash, role, is_admin, created_at, updated_at)
       SELECT id, name, email, phone, $5, role, role = 'admin', $6, $6
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $7::text[]) AS a(id, name, email, phone, role)`,
      [batch.map((a) => a.id), batch.map((a) => a.name), batch.map((a) => a.email), batch.map((a) => a.phone), hash, createdAt, batch.map((a) => a.role)],
    );
  }
  return accounts.length;
}
