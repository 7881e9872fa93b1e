/**
 * /settings-complex: Where is every setting, and what is it set to? Every option of every section
 * on one page, from the catalogue, with its saved value and whether that is the default; a search
 * over label, help text and key (?q=); /settings-complex/<section> scrolls to that section. Each
 * section saves through its group like its tab; actions are links to their tab.
 */
import SearchIcon from "@mui/icons-material/Search";
import { Alert, Box, Button, Chip, InputAdornment, Stack, TextField, Typography } from "@mui/material";
import { useEffect, useMemo } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { PageIntro } from "../../../ui/page-intro.tsx";
import { useUserSettings } from "../api/use-settings.ts";
import { CatalogueSection } from "../components/catalogue-section.tsx";
import { SettingsSourceNotice } from "../components/settings-source-notice.tsx";
import { formError } from "../lib/server-errors.ts";
import { isDefault, matches, SETTINGS_CATALOGUE, SETTINGS_LINKS, SETTINGS_SECTIONS } from "../lib/settings-catalogue.ts";

const QUESTION = "Where is every setting, and what is it set to?";

export default function SettingsComplexPage() {
  const query = useUserSettings();
  const { "*": rest } = useParams();
  const target = SETTINGS_SECTIONS.find((s) => s.id === rest?.split("/")[0])?.id;
  const [params, setParams] = useSearchParams();
  const search = params.get("q") ?? "";
  const loaded = Boolean(query.data);

  // The deep link: once the sections are on the page, bring the asked one into view.
  useEffect(() => {
    if (!loaded || !target) return;
    document.getElementById(`section-${target}`)?.scrollIntoView?.({ block: "start" });
  }, [loaded, target]);

  const found = useMemo(
    () =>
      SETTINGS_SECTIONS.map((section) => {
        const defs = SETTINGS_CATALOGUE.filter((d) => d.section === section.id);
        return {
          section,
          defs,
          visible: new Set(defs.filter((d) => matches(d, search)).map((d) => d.key)),
          links: SETTINGS_LINKS.filter((l) => l.section === section.id && matches(l, search)),
        };
      }),
    [search],
  );
  const shown = found.filter((f) => f.visible.size > 0 || f.links.length > 0);
  const settings = query.data?.settings;
  const changed = settings ? SETTINGS_CATALOGUE.filter((d) => isDefault(d, settings) === false).length : 0;

  return (
    <Stack spacing={3} sx={{ maxWidth: 1000 }}>
      <PageIntro
        question={QUESTION}
        summary={
          settings
            ? `${SETTINGS_CATALOGUE.length} options in ${SETTINGS_SECTIONS.length} sections; ${changed} ${changed === 1 ? "differs" : "differ"} from the default.`
            : undefined
        }
        actions={
          <Button component={Link} to="/settings-simple" variant="outlined">
            Essentials only
          </Button>
        }
      />
      <TextField
        label="Search settings"
        placeholder="Label, help text or key (e.g. timezone, track_opens)"
        value={search}
        onChange={(e) =>
          setParams(
            (p) => {
              const next = new URLSearchParams(p);
              if (e.target.value) next.set("q", e.target.value);
              else next.delete("q");
              return next;
            },
            { replace: true },
          )
        }
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      <Box component="nav" aria-label="Settings sections" sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        {shown.map(({ section }) => (
          <Chip
            key={section.id}
            component={Link}
            to={`/settings-complex/${section.id}${search ? `?q=${encodeURIComponent(search)}` : ""}`}
            clickable
            label={section.label}
            color={section.id === target ? "primary" : "default"}
          />
        ))}
      </Box>
      <SettingsSourceNotice data={query.data} />
      {query.isPending && <LoadingScreen />}
      {query.isError && <Alert severity="error">{formError(query.error) ?? "Settings could not be loaded."}</Alert>}
      {settings && shown.length === 0 && (
        <Alert severity="info" data-testid="settings-no-match">
          No setting matches “{search}”. Try another word, or a key such as <code>timezone</code>.
        </Alert>
      )}
      {settings &&
        found.map(({ section, defs, visible, links }) =>
          visible.size === 0 && links.length === 0 ? null : (
            <CatalogueSection
              key={section.id}
              id={`section-${section.id}`}
              title={section.label}
              description={
                <>
                  {visible.size} of {defs.length} options shown here ·{" "}
                  <Typography component={Link} to={`/settings/${section.id}`} variant="body2">
                    open the {section.label} tab
                  </Typography>
                </>
              }
              settings={settings}
              defs={defs}
              visible={visible}
              links={links}
              showState
            />
          ),
        )}
    </Stack>
  );
}
