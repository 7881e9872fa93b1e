/** Tables of the analytics feature (campaign-intelligence part). */
export {};
