import type { ControllerListItemView, ControllerViewData, DoorViewData, HubDoorsView } from '@contract/doors/door-status-schemas';

// What the door screens read, as the contract declares it (contract/doors/, docs/door-states.md).

export type HubDoors = HubDoorsView;
export type ControllerInfo = ControllerViewData;
export type DoorInfo = DoorViewData;
export type ControllerListItem = ControllerListItemView;
export type DoorStateValue = NonNullable<DoorViewData['state']>;
