import { describeIsolation } from './matrix.ts';

// Restaurant owners, a location of each restaurant and a reseller's client aim at restaurant B.
describeIsolation([
  'owner of A',
  'owner of a location of A',
  'owner of a location of B',
  'client (DMA_CLIENT) of a reseller',
]);
