/** Query keys for discovery: the configured sources and the scraping-job lists. */
export const discoveryKeys = {
  all: ["scraping"] as const,
  sources: () => [...discoveryKeys.all, "sources"] as const,
  lists: () => [...discoveryKeys.all, "jobs"] as const,
  list: (params: { skip: number; limit: number; status?: string }) => [...discoveryKeys.lists(), params] as const,
};
