// The social sign-in providers Hub knows (the contract names them in its paths; infra/oidc
// configures them from the environment).
export const SOCIAL_PROVIDERS = ['google', 'facebook', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
