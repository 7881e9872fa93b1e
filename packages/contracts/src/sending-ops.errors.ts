/** Error codes of the kill switch and capacity planning (sending operations). */
import { defineErrors } from "./define-errors.ts";

export const sendingOpsErrors = defineErrors({
  HOLD_NOT_FOUND: { status: 404, detail: "Hold not found" },
  HOLD_TARGET_NOT_FOUND: { status: 404, detail: "No such campaign or inbox in this workspace" },
  HOLD_EXISTS: { status: 409, detail: "Sending is already stopped there: resume the existing hold first" },
  HOLD_ALREADY_RELEASED: { status: 409, detail: "This hold was already resumed" },
  SENDING_HELD: {
    status: 409,
    detail: "Sending is stopped by the kill switch for this workspace or inbox: resume it on the Kill switch page first",
  },
  CAPACITY_DEADLINE_PASSED: { status: 422, detail: "The deadline must be after today" },
});
