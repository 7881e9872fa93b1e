/** Tables of the coaching feature. */
export {};
