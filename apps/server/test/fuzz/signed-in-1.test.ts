import { describe } from 'vitest';
import { signedInFuzz } from './suite.ts';

describe('fuzz: signed in, part 1 of 2', () => signedInFuzz(0, 2));
