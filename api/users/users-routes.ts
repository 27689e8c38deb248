// Everything under /api/users: the caller's own profile and data rights, and the users API.
import type { FastifyPluginAsync } from 'fastify';
import { profileRoutes, type UserRoutesOptions } from './profile-routes.js';
import { usersAdminRoutes } from './users-admin-routes.js';

export const userRoutes: FastifyPluginAsync<UserRoutesOptions> = async (app, options) => {
  await app.register(profileRoutes, options);
  await app.register(usersAdminRoutes, options);
};
