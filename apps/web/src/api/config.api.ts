import { publicConfigSchema } from '@carte/domain';
import { api } from './client.ts';

/** GET /api/config: the small allow-list of settings the browser may know (STYLE rule 9). */
export const configApi = {
  get: (signal?: AbortSignal) => api.get('/config', { schema: publicConfigSchema, signal }),
};
