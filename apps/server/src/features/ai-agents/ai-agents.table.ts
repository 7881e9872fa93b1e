/** Tables of ai-agents (none yet). */
export {};
