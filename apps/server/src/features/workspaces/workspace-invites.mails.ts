/** The invitation mail: who invites you where, with which role, and the link (good for 7 days). */
import { INVITE_EXPIRY_DAYS, ROLES, RoleId } from "@prospector/contracts";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

export const roleLabel = (role: string) => {
  const id = RoleId.safeParse(role);
  return id.success ? ROLES[id.data].label : role;
};

export function inviteMail(opts: { inviterName: string | null; workspaceName: string; role: string; link: string }) {
  const who = opts.inviterName ?? "A colleague";
  const intro = `${who} invited you to join the workspace "${opts.workspaceName}" on Prospector as ${roleLabel(opts.role)}.`;
  const action = "Accept the invitation";
  const outro = `The link expires in ${INVITE_EXPIRY_DAYS} days. If you do not know ${who}, ignore this email: nothing happens until you accept.`;
  return {
    subject: `${who} invited you to ${opts.workspaceName} on Prospector`,
    text: `Hello,\n\n${intro}\n\n${action}:\n${opts.link}\n\n${outro}\n\n— Prospector`,
    html: [
      "<p>Hello,</p>",
      `<p>${escapeHtml(intro)}</p>`,
      `<p><a href="${escapeHtml(opts.link)}">${escapeHtml(action)}</a></p>`,
      `<p style="color:#666">${escapeHtml(outro)}</p>`,
      "<p>— Prospector</p>",
    ].join("\n"),
  };
}
