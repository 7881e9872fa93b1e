/** Tables of the analytics feature (analytics part). */
export {};
