/** Tables of the send-insights feature. */
export {};
