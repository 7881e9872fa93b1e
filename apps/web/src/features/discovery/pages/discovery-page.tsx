/**
 * /discovery: find new leads. One form per source (website crawl, Google Maps, LinkedIn, several
 * at once), which sources this server has configured and how to configure the others, and the
 * live list of jobs with progress, cancel and the leads they created.
 */
import { Alert, Box, Card, CardContent, Chip, Stack, Tab, Tabs, Tooltip, Typography } from "@mui/material";
import type { ScrapingSourceStatus } from "@prospector/contracts";
import { useState } from "react";
import { useScrapingSources } from "../api/use-scraping.ts";
import { GoogleMapsForm } from "../components/google-maps-form.tsx";
import { LinkedInForm } from "../components/linkedin-form.tsx";
import { MultiSourceForm } from "../components/multi-source-form.tsx";
import { ScrapingJobList } from "../components/scraping-job-list.tsx";
import { WebsiteForm } from "../components/website-form.tsx";
import { JOB_SOURCE_LABELS } from "../lib/job-labels.ts";

type SourceTab = "website" | "google_maps" | "linkedin" | "multi_source";

export default function DiscoveryPage() {
  const [tab, setTab] = useState<SourceTab>("website");
  const sources = useScrapingSources();
  const byName: Record<string, ScrapingSourceStatus | undefined> = Object.fromEntries((sources.data ?? []).map((s) => [s.source, s]));

  return (
    <Stack spacing={2.5}>
      <Box>
        <Typography variant="h5" component="h2">
          Lead discovery
        </Typography>
        <Typography variant="body2" color="textSecondary">
          Find new leads on company websites, Google Maps and LinkedIn. Jobs run in the background; duplicates of existing leads are
          skipped.
        </Typography>
      </Box>
      {sources.data && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }} aria-label="Configured sources">
          {sources.data.map((s) => (
            <Tooltip key={s.source} title={s.configured ? "Ready to use" : (s.hint ?? "Not configured")}>
              <Chip
                size="small"
                variant={s.configured ? "filled" : "outlined"}
                color={s.configured ? "success" : "default"}
                label={`${JOB_SOURCE_LABELS[s.source]}: ${s.configured ? "ready" : "not configured"}`}
              />
            </Tooltip>
          ))}
        </Stack>
      )}
      {sources.isError && (
        <Alert severity="warning">Could not read which sources are configured; the server will say so if a source cannot run.</Alert>
      )}
      <Card>
        <Tabs value={tab} onChange={(_, v) => setTab(v)} variant="scrollable" sx={{ px: 2, borderBottom: 1, borderColor: "divider" }}>
          <Tab value="website" label="Website" />
          <Tab value="google_maps" label="Google Maps" />
          <Tab value="linkedin" label="LinkedIn" />
          <Tab value="multi_source" label="Multi-source" />
        </Tabs>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          {tab === "website" && <WebsiteForm status={byName.website} />}
          {tab === "google_maps" && <GoogleMapsForm status={byName.google_maps} />}
          {tab === "linkedin" && <LinkedInForm status={byName.linkedin} />}
          {tab === "multi_source" && <MultiSourceForm statuses={byName} />}
        </CardContent>
      </Card>
      <ScrapingJobList />
    </Stack>
  );
}
