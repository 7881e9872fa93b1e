/** Tables of the analytics feature (intelligence part). */
export {};
