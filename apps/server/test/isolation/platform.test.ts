import { describeIsolation } from './matrix.ts';

// Users without a restaurant of their own: a reseller and the platform's admins.
describeIsolation(['reseller (DMA)', 'admin (ADMIN)', 'super admin (SUPER_ADMIN)']);
