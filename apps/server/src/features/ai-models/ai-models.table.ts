/** Tables of ai-models (none yet). */
export {};
