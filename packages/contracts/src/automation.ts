/** Contracts of the automation feature (issue 15, docs). */
export {};
