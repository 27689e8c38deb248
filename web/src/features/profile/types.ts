import type { ProfileUpdate as ProfileUpdateBody } from '@contract/users/user-bodies';
import type { ProfileView } from '@contract/users/user-schemas';

/** The User entity as GET /api/users/profile/me answers it (spec §3; contract/users). */
export type Profile = ProfileView;

/** The fields the edit form writes; the e-mail is read-only (spec §5). */
export type ProfileUpdate = ProfileUpdateBody;
