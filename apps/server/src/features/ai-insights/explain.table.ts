/** Tables of AI transparency and explainability (docs/ai/explainability.md) (none yet). */
export {};
