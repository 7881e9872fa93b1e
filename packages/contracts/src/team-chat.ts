/** Team chat (/team/chat): persisted messages per workspace channel with read receipts, over the team socket and HTTP. */
export {};
