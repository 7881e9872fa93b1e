/** Tables of The AI doctor, causal analytics and the variant bandit (docs/ai/experiments.md) (none yet). */
export {};
