/**
 * /trust: what the landing page's compliance badges (CAN-SPAM, GDPR, CCPA, SOC 2) mean in this
 * product (docs/compliance.md): what it implements for each, and what stays the operator's job. A
 * public page in its own lazy chunk, core MUI only (no MUI X), so the landing's budget is unchanged.
 */
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Divider from "@mui/material/Divider";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useEffect } from "react";
import { Link as RouterLink, useLocation } from "react-router";

interface Section {
  id: string;
  title: string;
  summary: string;
  does: string[];
  yours: string[];
}

export const TRUST_SECTIONS: Section[] = [
  {
    id: "canspam",
    title: "CAN-SPAM",
    summary: "The US law on commercial email. Prospector gives every campaign email what the law asks of the sender's tooling.",
    does: [
      "Every campaign email carries a personal unsubscribe link and a one-click List-Unsubscribe header (RFC 8058).",
      "An unsubscribe takes effect at once: the address joins the workspace's suppression list, which the sender checks before every email.",
      "Every campaign email carries the workspace's postal address and footer text, set on Security & Compliance → Email footer & address.",
      "Emails go out from the inbox you connected, under its own address; nothing is spoofed.",
    ],
    yours: [
      "Honest subject lines and content, a real postal address, and identifying the email as an advertisement where the law requires it.",
    ],
  },
  {
    id: "gdpr",
    title: "GDPR",
    summary: "The EU and UK data-protection regulation. Prospector gives the controller (you) the tools to answer people's rights.",
    does: [
      "Right of access and portability: export everything a workspace holds about a lead or a member as one JSON file, as a job with progress.",
      "Right to erasure: remove a lead's personal data from every table (records, messages, replies, notes, AI records, unsent exports), confirmed by typing the address; only a salted hash stays on the suppression list so the person is never emailed again.",
      "Storage limitation: per-workspace retention rules enforced by a daily job, with a run log.",
      "Accountability: every request is logged (who, when, what was removed, never the address), and the audit log can be exported.",
      "Self-hosted: the data stays on the servers you choose.",
    ],
    yours: [
      "Choosing and recording your lawful basis (for B2B outreach often legitimate interest): Prospector records where each lead came from, not a consent or basis field.",
      "Answering requests within the legal time limits, and your processing agreements with providers you connect (SMTP, language models).",
    ],
  },
  {
    id: "ccpa",
    title: "CCPA",
    summary: "California's consumer privacy law. The same tools serve its rights.",
    does: [
      "Right to know: the data-subject export.",
      "Right to delete: the erasure, which keeps the address blocked as a hash.",
      "Opt-out: unsubscribes and the suppression list. Prospector sells no data; a self-hosted install keeps it on your servers.",
    ],
    yours: ["Your privacy notice, and deciding whether the law applies to your business."],
  },
  {
    id: "soc2",
    title: "SOC 2",
    summary:
      "SOC 2 is an audit of an organization's controls, not a property of software. A self-hosted Prospector install is not itself certified; it gives you controls an auditor looks for.",
    does: [
      "Access control: roles and permissions per workspace, with access events recorded in an access audit.",
      "Two-factor sign-in (TOTP), account lockout after repeated failures, password policy and history.",
      "Secrets such as SMTP passwords and API keys are stored encrypted or hashed, never in plain text.",
      "Security monitoring: detection rules raise alerts, and incidents keep a timeline.",
      "Audit export of the access audit, workspace activity, security alerts and data-subject requests over a date range.",
    ],
    yours: [
      "Your own SOC 2 audit, if you need one: hosting, backups, change management and staff policies are part of your controls, not the software's.",
    ],
  },
];

export default function TrustPage() {
  const { hash } = useLocation();
  // The footer's badges link to one section: bring it into view once rendered.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView?.();
  }, [hash]);
  return (
    <Container component="main" maxWidth="md" sx={{ py: 6 }}>
      <Typography variant="h3" component="h1" gutterBottom>
        Compliance and trust
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 4 }}>
        What the badges on our home page mean here: what Prospector does for each, and what remains yours as the operator of an install.
        Nothing on this page is a certification.
      </Typography>
      {TRUST_SECTIONS.map((s, i) => (
        <Box component="section" key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} sx={{ scrollMarginTop: 24 }}>
          {i > 0 ? <Divider sx={{ my: 4 }} /> : null}
          <Typography variant="h4" component="h2" id={`${s.id}-title`} gutterBottom>
            {s.title}
          </Typography>
          <Typography sx={{ mb: 2 }}>{s.summary}</Typography>
          <Typography variant="h6" component="h3">
            What Prospector does
          </Typography>
          <Box component="ul" sx={{ mt: 1 }}>
            {s.does.map((d) => (
              <Typography component="li" key={d} sx={{ mb: 0.5 }}>
                {d}
              </Typography>
            ))}
          </Box>
          <Typography variant="h6" component="h3">
            What stays yours
          </Typography>
          <Box component="ul" sx={{ mt: 1 }}>
            {s.yours.map((d) => (
              <Typography component="li" key={d} sx={{ mb: 0.5 }}>
                {d}
              </Typography>
            ))}
          </Box>
        </Box>
      ))}
      <Divider sx={{ my: 4 }} />
      <Link component={RouterLink} to="/">
        Back to the home page
      </Link>
    </Container>
  );
}
