import type { HubCommand } from '../../../domain/hubs/hub-decide.js';
import { hubDecider } from '../../../domain/hubs/hub-decide.js';
import type { Hardware, HubDetails, HubEvent, HubState, LockerSize } from '../../../domain/hubs/hub-events.js';
import { hubStreamId } from '../../../domain/hubs/hub-events.js';
import type { LogSink } from './event-log.js';
import { emitAppend } from './event-log.js';
import type { Random } from './random.js';

// The city's Hubs, registered and fitted with lockers through the Hub decider, one command per
// append as api/seed/seed.ts does it. Spread over São Paulo, denser towards the centre.

export interface CityLocker {
  hubIndex: number;
  lockerId: string;
  size: LockerSize;
  pricePerHourCents: number;
}

export interface CityHub {
  hubId: string;
  state: HubState;
  /** Hub events with their decision times, for the read-model rows. */
  events: { event: HubEvent; at: string }[];
}

const BAIRROS = [
  'Sé',
  'República',
  'Bela Vista',
  'Consolação',
  'Liberdade',
  'Pinheiros',
  'Vila Madalena',
  'Itaim Bibi',
  'Moema',
  'Vila Mariana',
  'Mooca',
  'Tatuapé',
  'Santana',
  'Lapa',
  'Perdizes',
  'Butantã',
  'Santo Amaro',
  'Campo Belo',
  'Brooklin',
  'Ipiranga',
  'Penha',
  'Vila Prudente',
  'Jabaquara',
  'Saúde',
  'Barra Funda',
  'Água Branca',
  'Freguesia do Ó',
  'Casa Verde',
  'Tucuruvi',
  'Vila Guilherme',
  'Belém',
  'Brás',
  'Cambuci',
  'Aclimação',
  'Paraíso',
  'Jardim Paulista',
  'Morumbi',
  'Vila Sônia',
  'Campo Limpo',
  'Itaquera',
  'São Mateus',
  'Pirituba',
  'Vila Maria',
  'Cursino',
  'Sacomã',
  'Vila Leopoldina',
  'Alto de Pinheiros',
  'Higienópolis',
];

const STREETS = [
  'Rua Augusta',
  'Av. Paulista',
  'Rua da Consolação',
  'Av. Rebouças',
  'Rua Vergueiro',
  'Av. Brigadeiro Faria Lima',
  'Rua Teodoro Sampaio',
  'Av. Ibirapuera',
  'Rua Domingos de Morais',
  'Av. Santo Amaro',
  'Rua da Mooca',
  'Av. Celso Garcia',
  'Rua Voluntários da Pátria',
  'Av. Sumaré',
  'Rua Cardeal Arcoverde',
  'Av. Eng. Luís Carlos Berrini',
  'Rua Oscar Freire',
  'Av. Jabaquara',
  'Rua Tuiuti',
  'Av. Cruzeiro do Sul',
  'Rua Heitor Penteado',
  'Av. Professor Francisco Morato',
  'Rua Clélia',
  'Av. Indianópolis',
];

const HARDWARE_MIX: readonly (readonly [Hardware, number])[] = [
  ['LK-31', 5],
  ['LK-60', 3],
  ['LK-ABS', 2],
  ['Outro', 1],
];
const SIZE_MIX: readonly (readonly [LockerSize, number])[] = [
  ['P', 35],
  ['M', 30],
  ['G', 22],
  ['X', 13],
];
const SIZE_ORDER: Record<LockerSize, number> = { P: 0, M: 1, G: 2, X: 3 };
const PRICE_FACTOR: Record<LockerSize, number> = { P: 1, M: 1.5, G: 2.2, X: 3 };

// São Paulo's urban area, and its centre (Praça da Sé).
const CENTRE = { lat: -23.5505, lng: -46.6333 };
const BOUNDS = { south: -23.78, north: -23.36, west: -46.82, east: -46.37 };

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
// Prefixes the demo Hubs use: a city data set never takes their ids.
const DEMO_PREFIXES = new Set(['SP', 'BH']);

/** Ids AA-00 … AA-99, AB-00 …, skipping the demo prefixes. */
export function cityHubIds(count: number): string[] {
  const ids: string[] = [];
  for (let group = 0; ids.length < count; group++) {
    const prefix = `${LETTERS[Math.floor(group / 26) % 26]}${LETTERS[group % 26]}`;
    if (DEMO_PREFIXES.has(prefix)) continue;
    for (let n = 0; n < 100 && ids.length < count; n++) ids.push(`${prefix}-${String(n).padStart(2, '0')}`);
  }
  return ids;
}

const gaussian = (random: Random) => Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());
const clamp = (x: number, min: number, max: number) => Math.min(max, Math.max(min, x));
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

function hubDetails(random: Random, index: number): HubDetails {
  const bairro = random.pick(BAIRROS);
  const name = `${bairro} ${index + 1}`;
  return {
    name,
    address: `${random.pick(STREETS)}, ${random.between(10, 3999)} - ${bairro}`,
    zipcode: `0${random.between(1000, 8499)}-${String(random.int(1000)).padStart(3, '0')}`,
    city: 'São Paulo',
    state: 'SP',
    country: 'BR',
    description: `Hub ${name}, aberto 24 horas.`,
    latitude: round6(clamp(CENTRE.lat + gaussian(random) * 0.07, BOUNDS.south, BOUNDS.north)),
    longitude: round6(clamp(CENTRE.lng + gaussian(random) * 0.09, BOUNDS.west, BOUNDS.east)),
    imageUrl: null,
    private: random.chance(0.02),
    autoRegistration: false,
    kind: random.chance(0.9) ? 'centralized' : 'decentralized',
    hardware: random.weighted(HARDWARE_MIX),
  };
}

/** Sizes mixed, one of each first when there is room, numbered P before M before G before X. */
function lockerSizes(random: Random, count: number): LockerSize[] {
  const sizes: LockerSize[] = count >= 4 ? ['P', 'M', 'G', 'X'] : [];
  while (sizes.length < count) sizes.push(random.weighted(SIZE_MIX));
  return sizes.sort((a, b) => SIZE_ORDER[a] - SIZE_ORDER[b]);
}

/**
 * Registers every Hub and installs its lockers through the Hub decider, emitting one append per
 * command at `registeredAt` (a second apart per Hub). Returns the Hubs' states and their lockers.
 */
export function registerCityHubs(
  random: Random,
  options: { hubs: number; lockersPerHub: number; registeredAt: Date },
  sink: LogSink,
): { hubs: CityHub[]; lockers: CityLocker[] } {
  const hubs: CityHub[] = [];
  const lockers: CityLocker[] = [];
  cityHubIds(options.hubs).forEach((hubId, hubIndex) => {
    const at = new Date(options.registeredAt.getTime() + hubIndex * 1000).toISOString();
    const streamId = hubStreamId(hubId);
    const meta = { actor: { id: 'system', role: 'system' }, correlationId: `seed-scale-${random.uuid()}`, causationId: null, at };
    let state = hubDecider.initialState();
    const events: CityHub['events'] = [];
    const run = (command: HubCommand) => {
      const decided = hubDecider.decide(command, state);
      emitAppend(sink, random, [{ streamId, versionBefore: events.length, events: decided }], meta);
      for (const event of decided) {
        state = hubDecider.evolve(state, event);
        events.push({ event, at });
      }
    };
    run({ type: 'RegisterHub', hubId, secretKey: `${hubId.replace('-', '')}${random.hex(3).toUpperCase()}`, details: hubDetails(random, hubIndex) });
    // Reais per hour for a P locker, in steps of R$ 0,50; bigger sizes cost more.
    const base = random.between(8, 14) * 50;
    for (const size of lockerSizes(random, options.lockersPerHub)) {
      const pricePerHourCents = Math.round((base * PRICE_FACTOR[size]) / 10) * 10;
      const lockerId = random.uuid();
      run({ type: 'InstallLocker', lockerId, size, lockerType: 'GMV', pricePerHourCents, status: 'Ativo', collectNumber: null });
      lockers.push({ hubIndex, lockerId, size, pricePerHourCents });
    }
    hubs.push({ hubId, state, events });
  });
  return { hubs, lockers };
}
