/** Tables of the lead-scoring feature. */
export {};
