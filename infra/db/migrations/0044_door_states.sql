-- Up Migration

-- Issue 29 item 4: what each door and each Hub's controller did last, written only by the door
-- states projector (projections/doors/) from DoorStateReported, ControllerWentOffline and
-- ControllerBackOnline, and rebuilt from the log. Whether a controller is online now is computed
-- on read from controller_heartbeats (migration 0042); this keeps its last recorded transition.

-- A door's latest reported state, by the door's own time: a batch uploaded late never moves it back.
CREATE TABLE rm_door_states (
  locker_id text PRIMARY KEY,
  hub_id text NOT NULL,
  locker_order integer NOT NULL,
  state text NOT NULL,
  -- Since when the door is in this state (the first report of it in a row).
  since timestamptz NOT NULL,
  -- The latest report's time (the order reports are kept in).
  reported_at timestamptz NOT NULL,
  source text NOT NULL,
  reservation_id text,
  offline boolean NOT NULL DEFAULT false
);
CREATE INDEX rm_door_states_hub ON rm_door_states (hub_id);

-- A Hub's controller's last online/offline transition.
CREATE TABLE rm_controller_transitions (
  hub_id text PRIMARY KEY,
  status text NOT NULL,
  -- Its last heartbeat before going offline (null while online).
  offline_since timestamptz,
  changed_at timestamptz NOT NULL
);

-- Down Migration

DROP TABLE rm_controller_transitions;
DROP TABLE rm_door_states;
