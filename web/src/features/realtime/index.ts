// The realtime feature's public face: the socket's provider and a page's Hub room.
export { RealtimeProvider, useHubRoom } from './realtime-provider';
