import type { PermissionKey } from '@carte/domain';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError } from '../core/errors.ts';
import { callerOf } from './auth.ts';

/**
 * preHandler: the caller must hold a permission flag (doc 1 §6) — owners and clients hold every
 * flag, members their own; admins and resellers act on restaurants through other routes.
 */
export const requirePermission =
  (key: PermissionKey) =>
  async (request: FastifyRequest): Promise<void> => {
    const caller = callerOf(request);
    if (!caller.restaurantId || !caller.permissions[key]) throw new ForbiddenError();
  };
