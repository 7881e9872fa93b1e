/** Plans: the monthly lead allowance of an organization's plan. No routes or engines of its own. */
import type { Feature } from "../../platform/feature.ts";

export const plansFeature: Feature = { name: "plans" };
