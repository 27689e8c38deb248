import type { SessionAnswerView, SessionView } from '@contract/auth/auth-schemas';
import type { ClientUserView } from '@contract/users/user-schemas';

// The account and session shapes, as the contract declares them (contract/auth, contract/users).

/** The signed-in user as login, register and refresh answer it. */
export type User = ClientUserView;
export type Session = SessionView;
/** What login, register, refresh and social sign-in answer. */
export type AuthResponse = SessionAnswerView;
