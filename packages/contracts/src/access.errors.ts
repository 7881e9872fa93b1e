import { defineErrors } from "./define-errors.ts";

export const accessErrors = defineErrors({
  USER_INACTIVE: { status: 403, detail: "User not found or inactive" },
  PERMISSION_SYSTEM_UNAVAILABLE: { status: 503, detail: "Permission check system unavailable" },
});
