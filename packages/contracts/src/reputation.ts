/** Contracts of the reputation feature (issue 15, docs). */
export {};
