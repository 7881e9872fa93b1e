/** Query-key factory for identity data, so sign-in/out can refresh or drop exactly these entries. */
export const authKeys = {
  all: ["auth"] as const,
  me: () => [...authKeys.all, "me"] as const,
  config: () => [...authKeys.all, "config"] as const,
};
