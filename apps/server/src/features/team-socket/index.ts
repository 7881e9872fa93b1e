/** The team socket's public surface: the shape of its shared state (presence, follows, locks). */
export type { LockHolder, Member, PresenceEntry, RealtimeState } from "./team-socket.state.ts";
