/** Contracts of the send-insights feature (issue 15, docs). */
export {};
