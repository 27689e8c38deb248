// The doors feature's public face (issue 29 item 4): a Hub's doors and controller card, and the
// controller badge for Hub lists.
export { HubDoorsCard } from './components/hub-doors-card';
export { ControllerBadge } from './components/controller-badge';
export { useControllers, useHubDoors } from './api/get-hub-doors';
export { DoorStatePill } from './components/door-state-pill';
