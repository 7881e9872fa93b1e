/** Error codes of incidents, containment actions and the configuration scan (docs/security-incidents.md). */
import { defineErrors } from "./define-errors.ts";

export const incidentsErrors = defineErrors({
  INCIDENT_NOT_FOUND: { status: 404, detail: "No such incident in this workspace" },
  INCIDENT_ALERT_NOT_FOUND: { status: 404, detail: "No such security alert in this workspace" },
  INCIDENT_ALERT_ALREADY_LINKED: { status: 409, detail: "An incident was already opened from this alert" },
  INCIDENT_ASSIGNEE_NOT_MEMBER: { status: 422, detail: "The assignee must be an active member of this workspace" },
  INCIDENT_REOPEN_REASON_REQUIRED: { status: 422, detail: "Going back to an earlier status reopens the incident: give a reason" },
  INCIDENT_CLOSED: { status: 409, detail: "This incident is closed: reopen it (with a reason) before changing it" },
  CONTAINMENT_TARGET_NOT_FOUND: { status: 404, detail: "No such member or API key in this workspace" },
  CONTAINMENT_SELF: { status: 409, detail: "You cannot lock your own account" },
  CONTAINMENT_INSTANCE_ADMIN: { status: 403, detail: "Only the instance administrator can lock the instance administrator's account" },
  CONTAINMENT_LAST_ADMIN: {
    status: 409,
    detail: "This is the workspace's last active administrator: make someone else an administrator first",
  },
  CONTAINMENT_NOOP: { status: 409, detail: "Nothing to do: the target is already in that state" },
});
