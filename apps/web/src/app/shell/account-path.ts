import { isAdminRole, type Role } from '@carte/domain';

/** The account screen of each area (doc 3 §2.1). */
export const accountPathFor = (role: Role): string =>
  isAdminRole(role) ? '/admin/update-profile' : role === 'DMA' ? '/dma/update-account' : '/update-account';
