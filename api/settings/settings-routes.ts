import type { FastifyPluginAsync } from 'fastify';
import type { CommandDeps } from '../../commands/deps.js';
import { changeSettings } from '../../commands/settings-commands.js';
import type { SettingsReader } from '../../commands/settings-reader.js';
import { SettingsMessages } from '../../domain/settings/settings-decide.js';
import { getPublicSettings, getSettings, putSettings } from '../../contract/settings/settings-endpoints.js';
import { changesFromWire, settingsToWire } from '../../contract/settings/settings-schemas.js';
import { settingsOverrides } from '../../projections/settings/queries.js';
import { effectiveSettings } from '../../domain/settings/settings-events.js';
import { requireRole } from '../auth/guard.js';
import { route } from '../contract/route.js';
import { commandContext } from '../http/command-context.js';

// The platform's settings (contract/settings/settings-endpoints.ts, issue 27 items 6–7). A change
// answers once the settings projection includes it (up to 5 s), with this process's reader
// dropped at once; every other process drops its own when its change feed sees the event, and
// no reader keeps a value longer than 500 ms anyway (commands/settings-reader.ts).

export const SETTINGS_WRITE_WAIT_MS = 5000;

export type SettingsRoutesOptions = CommandDeps & { settings: SettingsReader };

export const settingsRoutes: FastifyPluginAsync<SettingsRoutesOptions> = async (app, deps) => {
  async function answer() {
    const { overrides, changedAt, changedBy } = await settingsOverrides(deps.db);
    return {
      ...settingsToWire(effectiveSettings(deps.settings.defaults, overrides)),
      api_reference_url: '/api/docs',
      updated_at: changedAt?.toISOString() ?? null,
      updated_by: changedBy,
    };
  }

  route(app, getSettings, async (request) => {
    requireRole(request, 'admin');
    return answer();
  });

  route(app, putSettings, async (request, _reply, input) => {
    const caller = requireRole(request, 'admin');
    const body = input.body();
    const ctx = commandContext(request, caller, deps.clock());
    const result = await changeSettings(deps, changesFromWire(body), ctx);
    if (result.position) {
      const caughtUp = await deps.awaitProjections(result.position, SETTINGS_WRITE_WAIT_MS).catch(() => false);
      if (!caughtUp) deps.log.warn({ position: result.position }, 'settings change answered before its projection caught up');
    }
    deps.settings.invalidate();
    return answer();
  });

  route(app, getPublicSettings, async (_request, reply) => {
    const s = await deps.settings.current();
    // Public and the same for everyone: a short shared cache, still within the reader's second.
    void reply.header('cache-control', 'no-cache');
    return {
      company_name: s.companyName,
      support_email: s.supportEmail,
      support_phone: s.supportPhone,
      maintenance_mode: s.maintenanceMode,
      maintenance_message: s.maintenanceMode ? SettingsMessages.maintenance : null,
    };
  });
};
