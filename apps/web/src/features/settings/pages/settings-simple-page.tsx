/**
 * /settings-simple: Which few settings do most people need, and what are they set to? The
 * catalogue's essentials (docs/settings.md says why these), each card saving through its group
 * exactly as the tabs do; password and two-factor are links to the security tab.
 */
import { Alert, Button, Stack } from "@mui/material";
import { Link } from "react-router";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { PageIntro } from "../../../ui/page-intro.tsx";
import { useUserSettings } from "../api/use-settings.ts";
import { CatalogueSection } from "../components/catalogue-section.tsx";
import { SettingsSourceNotice } from "../components/settings-source-notice.tsx";
import { formError } from "../lib/server-errors.ts";
import { SETTINGS_CATALOGUE, SETTINGS_LINKS, SETTINGS_SECTIONS, sectionLabel } from "../lib/settings-catalogue.ts";

const QUESTION = "Which few settings do most people need, and what are they set to?";

const ESSENTIAL_HELP: Partial<Record<string, string>> = {
  profile: "Your name signs your emails; dates and the sending window follow your time zone.",
  accessibility: "Every other aid (contrast, colour vision, keyboard) is under Accessibility.",
};

export default function SettingsSimplePage() {
  const query = useUserSettings();
  const intro = (
    <PageIntro
      question={QUESTION}
      summary="The essentials. Everything else is on the full list."
      actions={
        <Button component={Link} to="/settings-complex" variant="outlined">
          All settings
        </Button>
      }
    />
  );
  if (query.isPending)
    return (
      <Stack spacing={3}>
        {intro}
        <LoadingScreen />
      </Stack>
    );
  if (query.isError)
    return (
      <Stack spacing={3}>
        {intro}
        <Alert severity="error">{formError(query.error) ?? "Settings could not be loaded."}</Alert>
      </Stack>
    );
  const { settings } = query.data;
  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      {intro}
      <SettingsSourceNotice data={query.data} />
      {SETTINGS_SECTIONS.map((section) => {
        const defs = SETTINGS_CATALOGUE.filter((d) => d.essential && d.section === section.id);
        const links = SETTINGS_LINKS.filter((l) => l.essential && l.section === section.id);
        if (defs.length === 0 && links.length === 0) return null;
        return (
          <CatalogueSection
            key={section.id}
            id={`essentials-${section.id}`}
            title={sectionLabel(section.id)}
            description={ESSENTIAL_HELP[section.id]}
            settings={settings}
            defs={defs}
            links={links}
            headerAction={
              <Button component={Link} to={`/settings-complex/${section.id}`} size="small">
                More {section.label.toLowerCase()} settings
              </Button>
            }
          />
        );
      })}
    </Stack>
  );
}
