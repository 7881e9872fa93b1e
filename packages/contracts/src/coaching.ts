/** Contracts of the coaching feature (issue 15, docs). */
export {};
