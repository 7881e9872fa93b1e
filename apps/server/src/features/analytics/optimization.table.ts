/** Tables of the analytics feature (optimization part). */
export {};
