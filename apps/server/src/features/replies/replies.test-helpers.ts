/**
 * The lines of a delivery status notification (RFC 3464) as a mail server sends it back to the
 * sender: a 5.1.1 "User unknown" failure for `recipient`, carrying the headers of the message that
 * bounced (its Message-ID, To and, when given, Subject). Join with "\r\n" for a raw message.
 */
export function bounceReportLines(o: {
  /** The To header of the report: the inbox that sent the bounced message. */
  to: string;
  recipient: string;
  /** The bounced message's Message-ID (a parsed mail's `messageId`, which mailparser leaves optional). */
  messageId: string | undefined;
  subject?: string;
  /** The human-readable part. */
  note?: string;
}): string[] {
  return [
    "From: Mail Delivery System <MAILER-DAEMON@mx.prospect.test>",
    `To: ${o.to}`,
    "Subject: Undelivered Mail Returned to Sender",
    'Content-Type: multipart/report; report-type=delivery-status; boundary="BOUND"',
    "MIME-Version: 1.0",
    "",
    "--BOUND",
    "Content-Type: text/plain",
    "",
    o.note ?? "Your message could not be delivered.",
    "--BOUND",
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; mx.prospect.test",
    "",
    `Final-Recipient: rfc822; ${o.recipient}`,
    "Action: failed",
    "Status: 5.1.1",
    "Diagnostic-Code: smtp; 550 5.1.1 User unknown",
    "--BOUND",
    "Content-Type: text/rfc822-headers",
    "",
    `Message-ID: ${o.messageId}`,
    `To: ${o.recipient}`,
    ...(o.subject === undefined ? [] : [`Subject: ${o.subject}`]),
    "--BOUND--",
  ];
}
