import type { DoorStateValue } from '../contract/controller/controller-sync.js';

// The simulated doors (what a hardware integrator replaces with the lock driver): a command opens
// a door, which closes by itself after a few seconds; a jam makes it fail to open; a door held
// open longer than allowed is reported left_open; a door opened without a command is forced.
// Each change is reported through `report`, which queues a door_state event.

export interface DoorSettings {
  closeAfterMs: number;
  leftOpenAfterMs: number;
}

type Report = (lockerOrder: number, state: DoorStateValue, requestId: string | null) => void;

interface Door {
  state: DoorStateValue;
  jam: boolean;
  hold: boolean;
  timer: NodeJS.Timeout | null;
}

export function createDoors(settings: DoorSettings, report: Report) {
  const doors = new Map<number, Door>();
  const door = (order: number) => {
    let d = doors.get(order);
    if (!d) doors.set(order, (d = { state: 'closed', jam: false, hold: false, timer: null }));
    return d;
  };
  const set = (order: number, state: DoorStateValue, requestId: string | null) => {
    door(order).state = state;
    report(order, state, requestId);
  };
  /** Opened (by a command or by force): it closes by itself unless held, then it is left open. */
  function openedNow(order: number) {
    const d = door(order);
    if (d.timer) clearTimeout(d.timer);
    d.timer = setTimeout(
      () => {
        d.timer = null;
        set(order, d.hold ? 'left_open' : 'closed', null);
      },
      d.hold ? settings.leftOpenAfterMs : settings.closeAfterMs,
    );
  }
  return {
    /** The command to open; false when the door jammed. */
    open(order: number, requestId: string): boolean {
      const d = door(order);
      if (d.jam) {
        set(order, 'jammed', requestId);
        return false;
      }
      set(order, 'opened', requestId);
      openedNow(order);
      return true;
    },
    force(order: number) {
      set(order, 'forced', null);
      openedNow(order);
    },
    simulate(order: number, what: { jam?: boolean; hold?: boolean }) {
      const d = door(order);
      if (what.jam !== undefined) d.jam = what.jam;
      if (what.hold !== undefined) d.hold = what.hold;
    },
    states: () =>
      [...doors].map(([order, d]) => ({ locker_order: order, state: d.state, jam: d.jam, hold: d.hold })).sort((a, b) => a.locker_order - b.locker_order),
    stop() {
      for (const d of doors.values()) if (d.timer) clearTimeout(d.timer);
    },
  };
}

export type Doors = ReturnType<typeof createDoors>;
