/**
 * /compliance: Do we honour privacy and anti-spam law, and can we act on a person's request today?
 * Tabs (kept in ?tab=): data-subject requests, consent & suppression, retention, the email footer
 * and postal address, and the audit export (docs/compliance.md).
 */
import { Box, Stack, Tab, Tabs } from "@mui/material";
import { useSearchParams } from "react-router";
import { usePermissions } from "../../../app/permissions/index.ts";
import { PageIntro } from "../../../ui/page-intro.tsx";
import { AuditSection } from "../components/audit-section.tsx";
import { ConsentSection } from "../components/consent-section.tsx";
import { FooterSection } from "../components/footer-section.tsx";
import { RequestsSection } from "../components/requests-section.tsx";
import { RetentionSection } from "../components/retention-section.tsx";

const QUESTION = "Do we honour privacy and anti-spam law, and can we act on a person's request today?";

const TABS = [
  { id: "requests", label: "Data-subject requests" },
  { id: "consent", label: "Consent & suppression" },
  { id: "retention", label: "Retention" },
  { id: "footer", label: "Email footer & address" },
  { id: "audit", label: "Audit export" },
] as const;
type TabId = (typeof TABS)[number]["id"];

export default function CompliancePage() {
  const { can } = usePermissions();
  const canAct = can("compliance:update");
  const [params, setParams] = useSearchParams();
  const tab = (TABS.some((t) => t.id === params.get("tab")) ? params.get("tab") : "requests") as TabId;
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
      <Tabs
        value={tab}
        onChange={(_, v: TabId) => setParams(v === "requests" ? {} : { tab: v }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Compliance sections"
      >
        {TABS.map((t) => (
          <Tab key={t.id} value={t.id} label={t.label} id={`compliance-tab-${t.id}`} aria-controls={`compliance-panel-${t.id}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`compliance-panel-${tab}`} aria-labelledby={`compliance-tab-${tab}`}>
        {tab === "requests" ? <RequestsSection canAct={canAct} /> : null}
        {tab === "consent" ? <ConsentSection /> : null}
        {tab === "retention" ? <RetentionSection canAct={canAct} /> : null}
        {tab === "footer" ? <FooterSection canAct={canAct} /> : null}
        {tab === "audit" ? <AuditSection /> : null}
      </Box>
    </Stack>
  );
}
