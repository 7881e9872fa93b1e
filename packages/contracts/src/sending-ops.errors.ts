/** Error codes of the kill switch and capacity planning (sending operations). */
import { defineErrors } from "./define-errors.ts";

export const sendingOpsErrors = defineErrors({});
