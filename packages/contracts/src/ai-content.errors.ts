/** Error codes of memory intelligence (per-lead timeline) and personalized images (docs/ai/content.md). */
import { defineErrors } from "./define-errors.ts";

export const aiContentErrors = defineErrors({
  CONTENT_LEAD_NOT_FOUND: { status: 404, detail: "No such lead in this workspace" },
  CONTENT_IMAGE_NOT_FOUND: { status: 404, detail: "No such image in this workspace" },
  CONTENT_PUBLIC_IMAGE_NOT_FOUND: { status: 404, detail: "This image link does not exist or was revoked" },
  CONTENT_RENDER_FAILED: { status: 500, detail: "The image could not be rendered or stored. Please try again later." },
});
