/**
 * The team socket's constants (outreach-core §4, §7, §9) as the browser uses them, without zod:
 * the contract's realtime module builds its message schemas when it loads, and the socket client
 * runs in every signed-in first render, which then need not download the validation library.
 * realtime-constants.test.ts pins each value to @prospector/contracts.
 */
export const TEAM_SOCKET_PATH = "/ws/team";
/** Clients ping this often. */
export const SOCKET_HEARTBEAT_MS = 30_000;
export const SOCKET_RECONNECT = { baseDelayMs: 5_000, factor: 1.5, maxDelayMs: 30_000, maxAttempts: 10 } as const;
/** Messages a client queues while offline. */
export const SOCKET_QUEUE_MAX = 100;
/** Close codes in the application range the client reacts to. */
export const SOCKET_CLOSE = { unauthorized: 4401, forbidden: 4403, idle: 4408, tooManyRequests: 4429 } as const;
