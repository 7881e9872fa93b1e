/** Error codes of team chat (/api/v1/team/chat/* and the socket's message.read). */
import { defineErrors } from "./define-errors.ts";

export const teamChatErrors = defineErrors({
  CHAT_MESSAGE_NOT_FOUND: { status: 404, detail: "Message not found in this channel" },
});
