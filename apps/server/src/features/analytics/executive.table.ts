/** Tables of the analytics feature (executive part). */
export {};
