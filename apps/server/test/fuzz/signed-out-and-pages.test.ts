import { describe } from 'vitest';
import { signedOutAndPagesFuzz } from './suite.ts';

describe('fuzz: signed out, hostile tokens, and pages outside /api', () => signedOutAndPagesFuzz());
