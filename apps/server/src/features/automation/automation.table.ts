/** Tables of the automation feature. */
export {};
