import type { Db } from '../db/connect.ts';

/** The handle of an open transaction: what a service passes to helpers that must join it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
