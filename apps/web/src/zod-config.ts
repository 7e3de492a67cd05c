import { z } from 'zod';

/**
 * Imported first by main.tsx, before any schema is built: zod compiles fast object parsers with
 * `new Function` unless told not to, and probes for it even then. The app's Content-Security-Policy
 * has no 'unsafe-eval' (docs/security.md, "Headers"), so the probe would be reported as a violation
 * and the parsers fall back anyway; `jitless` skips both.
 */
z.config({ jitless: true });
