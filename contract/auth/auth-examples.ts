import type { z } from 'zod';
import type { RecoveryTokensInput } from './account-link-schemas.js';
import type { MessageAnswer, SessionAnswerView } from './auth-schemas.js';
import { AccountLinkMessages } from './account-link-schemas.js';
import { exampleUser } from '../shared/example-data.js';

// The examples of the sign-in, session and account-link endpoints in the API reference
// (auth-endpoints.ts, account-link-endpoints.ts, social-endpoints.ts). Tokens are shortened
// look-alikes: a JWT access token and a 43-character base64url refresh token.

const accessToken = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIzZjZjMmExZSIsInJvbGUiOiJ1c2VyIn0.hY3kP0rQ9sT2vW5xZ8aB1cD4eF7gH0iJ3kL6mN9oP2q';
const refreshToken = 'q3Vx9Lr2T8mZb4Nw7Ye1Kc6Hd0Fs5Pj8Ug2Ai9Ot4Xl';

/** A session opened on 26/11/2026 at 15:30 in São Paulo: the access token lives 15 minutes. */
const session = {
  data: {
    session: {
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_at: 1795718700,
      expires_in: 900,
      token_type: 'bearer',
      user: { id: exampleUser.id, email: exampleUser.email, phone: exampleUser.phone },
    },
  },
  user: exampleUser,
  token: accessToken,
} satisfies SessionAnswerView;

const message = (text: string) => ({ data: { message: text } }) satisfies z.output<typeof MessageAnswer>;
const recovery = {
  access_token: '6b0f3d8e-2c4a-4e7b-9a1d-5f8c3e6b2a90',
  refresh_token: 'Zp4Rk8Tn1Wq6Ys3Mv9Bx2Lc7Hd5Jf0Ga8Ke3Ou6Ni1Q',
} satisfies RecoveryTokensInput;

export const authExamples = {
  register: { body: { name: 'Ana Souza', email: 'ana@example.com', phone: '(11) 98765-4321', password: 'segredo123' }, response: session },
  login: { body: { email: 'ana@example.com', password: 'segredo123' }, response: session },
  refresh: { body: { refresh_token: refreshToken }, response: session },
  currentSession: { response: { data: { session: { access_token: accessToken } }, user: exampleUser } },
  updatePhone: { body: { phone: '(11) 91234-5678' }, response: { user: { ...exampleUser, phone: '11912345678' } } },
  resendConfirmation: { body: { email: 'ana@example.com' }, response: message(AccountLinkMessages.confirmationSent) },
  confirmEmail: {
    body: { token: '8d4f2b6a-1e3c-4a9f-b7d5-0c2e6a8f4b13.Hm5Qw2Er8Ty1Ui4Op7As0Df3Gh6Jk9Lz2Xc5Vb8Nm1Q' },
    response: { data: { email: 'ana@example.com', confirmed: true } },
  },
  recoverPassword: { body: { email: 'ana@example.com' }, response: message(AccountLinkMessages.recoverySent) },
  verifyRecovery: { body: recovery, response: { data: { email: 'ana@example.com' } } },
  resetPassword: { body: { ...recovery, password: 'novaSenha456' }, response: message(AccountLinkMessages.passwordReset) },
  socialProviders: { response: { providers: ['google', 'apple'] } },
  startSocialSignIn: {
    response: {
      data: {
        url: 'https://accounts.google.com/o/oauth2/v2/auth?client_id=hub-web.apps.googleusercontent.com&response_type=code&scope=openid%20email%20profile&state=Yc8Rk2Tn5Wq0',
      },
    },
  },
  socialSession: { body: { code: 'Vt3Xq8Lm1Rz6Kp4Nw9Bc2Hd7Jf0Gs5Ya' }, response: session },
};
