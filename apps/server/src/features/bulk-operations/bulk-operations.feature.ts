import type { Feature } from "../../platform/feature.ts";

/** Bulk actions over leads and campaigns as jobs with progress and an undo window (docs/bulk-operations.md). */
export const bulkOperationsFeature: Feature = {
  name: "bulk-operations",
};
