/** Contracts of the bulk-operations feature (issue 15, docs). */
export {};
