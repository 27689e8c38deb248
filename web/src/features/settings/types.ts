// The settings feature's data shapes (a leaf module: the pure form rules and their tests use it).
import type { InputOf } from '@contract/endpoint';
import type { putSettings } from '@contract/settings/settings-endpoints';

/** What a card sends: any of the settings, under their wire names. */
export type SettingsChange = InputOf<typeof putSettings>['body'];
