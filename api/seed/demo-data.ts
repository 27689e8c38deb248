import type { HubDetails, LockerSize, LockerStatus, LockerType } from '../../domain/hubs/hub-events.js';

// Demo Hubs for embedded mode: São Paulo and Belo Horizonte, P/M/G lockers, two private Hubs (one
// approving requests itself: autoRegistration).

export interface DemoLocker {
  size: LockerSize;
  type?: LockerType;
  priceReais: number;
  status?: LockerStatus;
  collectNumber?: string;
}

export interface DemoHub {
  id: string;
  /** Published (in the README and here): kept only while the server is reachable from this machine alone. */
  secretKey: string;
  details: HubDetails;
  lockers: DemoLocker[];
}

const base = { country: 'BR', imageUrl: null, autoRegistration: false, kind: 'centralized', hardware: 'LK-31' } as const;

const standard = (p: number, m: number, g: number): DemoLocker[] => [
  ...Array.from({ length: 4 }, () => ({ size: 'P' as const, priceReais: p })),
  ...Array.from({ length: 3 }, () => ({ size: 'M' as const, priceReais: m })),
  ...Array.from({ length: 2 }, () => ({ size: 'G' as const, priceReais: g })),
];

const hub = (
  id: string,
  name: string,
  address: string,
  zipcode: string,
  city: string,
  state: string,
  latitude: number,
  longitude: number,
  lockers: DemoLocker[],
  extra: Partial<HubDetails> = {},
): DemoHub => ({
  id,
  secretKey: `${id.replace('-', '')}DEMO00`,
  details: { ...base, name, address, zipcode, city, state, latitude, longitude, description: `Hub ${name}, aberto 24 horas.`, private: false, ...extra },
  lockers,
});

export const demoHubs: DemoHub[] = [
  hub('SP-01', 'Paulista', 'Av. Paulista, 1578 - Bela Vista', '01310-200', 'São Paulo', 'SP', -23.5614, -46.6559, [
    ...standard(5, 8, 12),
    { size: 'M', type: 'Drop-Off', priceReais: 0, collectNumber: '1' },
  ]),
  hub('SP-02', 'Pinheiros', 'R. dos Pinheiros, 870 - Pinheiros', '05422-001', 'São Paulo', 'SP', -23.5662, -46.6875, standard(5, 7.5, 11)),
  hub('SP-03', 'Vila Mariana', 'R. Domingos de Morais, 2187 - Vila Mariana', '04035-000', 'São Paulo', 'SP', -23.5917, -46.6366, [
    ...standard(4.5, 7, 10),
    { size: 'G', priceReais: 10, status: 'Inativo' },
  ]),
  hub('SP-04', 'Mooca Condomínio', 'R. da Mooca, 2500 - Mooca', '03104-002', 'São Paulo', 'SP', -23.5573, -46.5993, standard(0, 0, 0), {
    private: true,
    description: 'Hub privado do condomínio: acesso somente para moradores autorizados.',
  }),
  // Private with self-registration (issue 26): a renter who asks gets access at once.
  hub('SP-05', 'Coworking Faria Lima', 'Av. Brig. Faria Lima, 3477 - Itaim Bibi', '04538-133', 'São Paulo', 'SP', -23.5868, -46.6821, standard(0, 0, 0), {
    private: true,
    autoRegistration: true,
    description: 'Hub privado do coworking: solicite acesso e ele é liberado na hora para membros.',
  }),
  hub('BH-01', 'Savassi', 'Av. Getúlio Vargas, 1300 - Savassi', '30112-021', 'Belo Horizonte', 'MG', -19.9376, -43.9345, standard(5, 8, 12)),
  hub('BH-02', 'Centro', 'Av. Afonso Pena, 1212 - Centro', '30130-003', 'Belo Horizonte', 'MG', -19.9227, -43.9384, standard(4, 6.5, 9.9)),
  hub('BH-03', 'Pampulha', 'Av. Otacílio Negrão de Lima, 3000 - Pampulha', '31365-450', 'Belo Horizonte', 'MG', -19.8512, -43.9706, standard(5, 8, 12)),
];

// The demo passwords are published, so their argon2id hashes (library defaults, what
// hashPassword makes) can be too: a fresh start stores these instead of spending ~0.3 s of
// argon2 per account. Made passwords (HOST not loopback) are still hashed at start.
export const demoUsers = [
  {
    name: 'Administrador Hub',
    email: 'admin@hub.dev',
    phone: '11987654321',
    password: 'admin123',
    passwordHash: '$argon2id$v=19$m=65536,p=4,t=3$pZ4IPJ91mTm2asJGDyGd2g$EL2Jf2AlaNfriFFPxx+saTl8wb+jvTShX41hzzEnP54',
    role: 'admin',
  },
  {
    name: 'Logística Hub',
    email: 'logistica@hub.dev',
    phone: '11976543210',
    password: 'logistica123',
    passwordHash: '$argon2id$v=19$m=65536,p=4,t=3$3Tfc+sn+9oKH99zfomCCRQ$bRm1VJSCBrZtmdNjTrD4F9ycLBR1kAC+kruGrK5M1Ig',
    role: 'logistics',
  },
  {
    name: 'Cliente Demo',
    email: 'cliente@hub.dev',
    phone: '31998765432',
    password: 'cliente123',
    passwordHash: '$argon2id$v=19$m=65536,p=4,t=3$OkiO0vbmAi/UX9mDNr/0Kg$+gvTf+oJJ6uVwfytJ6C61f5j2GaSKq/ZoyWy+lG+b9E',
    role: 'user',
  },
] as const;

/** Demo staff assignments (hub_staff): the logistics account works every demo Hub. */
export const demoStaff = [{ email: 'logistica@hub.dev', hubIds: demoHubs.map((h) => h.id) }] as const;

/** Keys anyone can read for a demo Hub: today's, and the shorter one published before issue 24. */
export const publishedSecretKeys = (hub: DemoHub): string[] => [hub.secretKey, `${hub.id.replace('-', '')}KEY`];
