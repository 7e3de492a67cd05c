/** The members feature's public entry: its service type, for the wiring. */
export type { MemberService } from './member.service.ts';
