import type { SettingsChanges, SettingsEvent } from '../domain/settings/settings-events.js';
import { SETTINGS_STREAM_ID } from '../domain/settings/settings-events.js';
import { settingsDecider } from '../domain/settings/settings-decide.js';
import type { GlobalPosition } from '../infra/eventstore/port.js';
import type { CommandContext } from './command-handler.js';
import { loadState, runCommand } from './command-handler.js';
import type { CommandDeps } from './deps.js';
import type { SettingsReader } from './settings-reader.js';

// An admin's change of the platform's settings (issue 27 item 6): decided on the one stream
// `settings` with its expected version, so two admins saving at once both count (the second
// decides again on the first's values).

export interface SettingsChangeResult {
  events: SettingsEvent[];
  /** Log position of the event written; null when nothing differed. */
  position: GlobalPosition | null;
}

export function changeSettings(
  deps: Pick<CommandDeps, 'store'> & { settings: SettingsReader },
  changes: SettingsChanges,
  ctx: CommandContext,
): Promise<SettingsChangeResult> {
  return runCommand(deps.store, ctx, {
    read: () => loadState(deps.store, SETTINGS_STREAM_ID, settingsDecider),
    decide: ({ state, version }) => {
      const events = settingsDecider.decide(
        { type: 'ChangeSettings', changes, defaults: deps.settings.defaults, by: ctx.actor.id, at: ctx.now.toISOString() },
        state,
      );
      return {
        append: [{ streamId: SETTINGS_STREAM_ID, events, expectedVersion: version }],
        written: (appended) => ({ events, position: appended?.of(SETTINGS_STREAM_ID).position ?? null }),
      };
    },
  });
}
