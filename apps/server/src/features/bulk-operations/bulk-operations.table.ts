/** Tables of the bulk-operations feature. */
export {};
