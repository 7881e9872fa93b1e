/** Tables of reply-intent (none yet). */
export {};
