/** Tables of the reports feature. */
export {};
