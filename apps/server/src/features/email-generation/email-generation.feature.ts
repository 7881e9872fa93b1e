import type { Feature } from "../../platform/feature.ts";
import { emailGenerationRoutes } from "./email-generation.routes.ts";

/** Email generation: a configured LLM, or the built-in templates without one. */
export const emailGenerationFeature: Feature = {
  name: "email-generation",
  routes: emailGenerationRoutes,
};
