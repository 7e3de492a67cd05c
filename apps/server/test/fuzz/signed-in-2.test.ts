import { describe } from 'vitest';
import { signedInFuzz } from './suite.ts';

describe('fuzz: signed in, part 2 of 2', () => signedInFuzz(1, 2));
