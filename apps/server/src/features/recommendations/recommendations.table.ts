/** Tables of the recommendations feature. */
export {};
