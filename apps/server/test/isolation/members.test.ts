import { describeIsolation } from './matrix.ts';

// Members of restaurant A, without flags and with each flag alone, aim at restaurant B.
describeIsolation([
  'member of A without flags',
  'member of A with restaurant',
  'member of A with menu',
  'member of A with category',
  'member of A with dish',
  'member of A with ingredient',
  'member of A with member',
]);
