// The hubs feature's public face: a Hub's shape, the locker sizes and their drawing.
export { LockerIllustration } from './components/detail/locker-illustration';
export { SIZE_CATALOGUE, type Hub, type HubWithLockers, type Locker, type LockerSize } from './types';
