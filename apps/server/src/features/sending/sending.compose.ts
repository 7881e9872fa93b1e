/**
 * Builds one outgoing email with the campaigns' template renderer (lead fields, spintax, signature, the
 * recipient's own unsubscribe link), then adds tracking (signed click links, open pixel) when the
 * campaign enables it and the compliance headers (RFC 8058 one-click List-Unsubscribe). Campaign
 * steps go through composeMessage; one-off sends (features/compose) call buildMessage directly.
 */

import type { SecretBox } from "../../platform/crypto.ts";
import { renderMessage, stepContent, type TemplateLead } from "../campaigns/index.ts";
import { addPixel, clickUrl, openUrl, rewriteLinks, unsubscribeUrl } from "./tracked-links.ts";

export interface ComposeInput {
  messageRowId: string;
  step: number;
  variant: number;
  steps: Parameters<typeof stepContent>[0];
  trackOpens: boolean;
  trackClicks: boolean;
  lead: TemplateLead & { email: string };
  from: { email: string; name: string };
  signature: string;
  /** RFC 5322 Message-ID of the previous step's email, to thread the follow-up. */
  inReplyTo: string | null;
  trackingBase: string;
  box: SecretBox;
  /** The workspace's CAN-SPAM footer and postal address (compliance, through the sending.footer hook). */
  footer?: CampaignFooter | null;
}

export interface CampaignFooter {
  text: string;
  postalAddress: string;
}

/** A campaign step's input without the sequence: the subject and body templates themselves. */
export interface BuildInput extends Omit<ComposeInput, "steps"> {
  content: { subject: string; body: string };
  /** The recipient's display name in the To header. */
  toName?: string | null;
}

export interface ComposedMessage {
  messageId: string;
  from: { name: string; address: string };
  to: string;
  toName?: string | null;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

/** `<row-id@sender-domain>`: known before the SMTP call, so a reply matches even if we crash right after sending. */
export function messageIdFor(rowId: string, fromEmail: string): string {
  const domain = fromEmail.split("@")[1] || "prospector.invalid";
  return `<${rowId}@${domain}>`;
}

export async function composeMessage(input: ComposeInput): Promise<ComposedMessage> {
  // A variant removed while the campaign was paused falls back to the step itself.
  const content = stepContent(input.steps, input.step, input.variant) ?? stepContent(input.steps, input.step, 0);
  if (!content) throw new Error(`The campaign has no step ${input.step + 1}`);
  return buildMessage({ ...input, content });
}

export async function buildMessage(input: BuildInput): Promise<ComposedMessage> {
  const content = input.content;
  const unsubscribe = unsubscribeUrl(input.trackingBase, input.box, input.messageRowId);
  const rendered = await renderMessage(content, {
    step: input.step,
    variant: input.variant,
    ctx: {
      lead: input.lead,
      signature: input.signature,
      sender_name: input.from.name,
      sender_email: input.from.email,
      unsubscribe_url: unsubscribe,
    },
  });
  let html = rendered.body;
  if (input.trackClicks) {
    html = rewriteLinks(
      html,
      (url) => clickUrl(input.trackingBase, input.box, input.messageRowId, url),
      (url) => url === unsubscribe,
    ).html;
  }
  if (input.trackOpens) html = addPixel(html, openUrl(input.trackingBase, input.box, input.messageRowId));
  let text = rendered.text;
  const footerLines = input.footer ? [input.footer.text, input.footer.postalAddress].map((l) => l.trim()).filter(Boolean) : [];
  if (footerLines.length > 0) {
    html += `<div class="compliance-footer" style="margin-top:24px;color:#666;font-size:12px">${footerLines
      .map((l) => escapeHtml(l).replace(/\n/g, "<br>"))
      .join("<br>")}</div>`;
    text += `\n\n--\n${footerLines.join("\n")}`;
  }
  const messageId = messageIdFor(input.messageRowId, input.from.email);
  const headers: Record<string, string> = {
    "List-Unsubscribe": `<${unsubscribe}>, <mailto:${input.from.email}?subject=unsubscribe>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
  if (input.inReplyTo) {
    headers["In-Reply-To"] = input.inReplyTo;
    headers.References = input.inReplyTo;
  }
  return {
    messageId,
    from: { name: input.from.name, address: input.from.email },
    to: input.lead.email,
    ...(input.toName ? { toName: input.toName } : {}),
    subject: rendered.subject,
    html: `<!doctype html><html><body>${html}</body></html>`,
    text,
    headers,
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
