/**
 * /email-coaching: Will this email land and get a reply, and how do I make it better? A draft typed
 * or pasted here, or loaded from a campaign step, is scored by the server's one scorer as the author
 * types: a 0–100 score, a bar per category, and advice with the points each fix gains (docs/email-coaching.md).
 */
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { type Campaign, COACHING_LIMITS } from "@prospector/contracts";
import { useEffect, useMemo, useState } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import { errorMessage } from "../../../lib/errors.ts";
import { useDebounced } from "../../../lib/use-debounced.ts";
import { PageIntro } from "../../../ui/page-intro.tsx";
import { useCampaignList } from "../../campaigns/api/use-campaigns.ts";
import { useCampaignCoaching, useCoachingScore } from "../api/use-coaching.ts";
import { AdviceList } from "../components/advice-list.tsx";
import { CategoryBars } from "../components/category-bars.tsx";
import { HighlightedText } from "../components/highlighted-text.tsx";
import { ScoreGauge } from "../components/score-gauge.tsx";

type CampaignOption = Pick<Campaign, "id" | "name" | "status">;

function CampaignStepPicker({
  campaignId,
  stepKey,
  onCampaign,
  onStep,
}: {
  campaignId: string | null;
  stepKey: string;
  onCampaign: (c: CampaignOption | null) => void;
  onStep: (key: string) => void;
}) {
  const [input, setInput] = useState("");
  const search = useDebounced(input, 250);
  const list = useCampaignList({ page: 1, per_page: 10, search: search || undefined, sort_by: "updated_at", sort_order: "desc" });
  const coaching = useCampaignCoaching(campaignId);
  const options: CampaignOption[] = list.data?.campaigns ?? [];
  const selected: CampaignOption | null = campaignId
    ? (options.find((o) => o.id === campaignId) ??
      (coaching.data
        ? { id: coaching.data.campaign_id, name: coaching.data.name, status: coaching.data.status as Campaign["status"] }
        : null))
    : null;
  const noCampaigns = list.isSuccess && list.data.total === 0 && !search;
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5}>
      <Autocomplete<CampaignOption>
        size="small"
        sx={{ flex: 2, minWidth: 0 }}
        options={selected && !options.some((o) => o.id === selected.id) ? [selected, ...options] : options}
        value={selected}
        filterOptions={(o) => o}
        getOptionLabel={(o) => o.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onInputChange={(_, v, reason) => {
          if (reason === "input") setInput(v);
        }}
        onChange={(_, o) => onCampaign(o)}
        loading={list.isFetching}
        noOptionsText={search ? "No campaign matches" : "No campaigns yet"}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Load a campaign step"
            helperText={
              noCampaigns ? (
                <>
                  {"No campaigns yet: "}
                  <RouterLink to="/campaigns/new">create one</RouterLink>
                  {" or paste a draft below."}
                </>
              ) : (
                "Type to search your campaigns"
              )
            }
          />
        )}
      />
      <TextField
        select
        size="small"
        label="Step"
        sx={{ flex: 1, minWidth: 160 }}
        value={coaching.data?.steps.some((s) => `${s.step}:${s.variant}` === stepKey) ? stepKey : ""}
        onChange={(e) => onStep(e.target.value)}
        disabled={!coaching.data}
        error={coaching.isError}
        helperText={coaching.isError ? errorMessage(coaching.error) : coaching.data ? `${coaching.data.steps.length} to choose from` : " "}
      >
        {(coaching.data?.steps ?? []).map((s) => (
          <MenuItem key={`${s.step}:${s.variant}`} value={`${s.step}:${s.variant}`}>
            {`${s.label} · ${s.report.score}`}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

export default function EmailCoachingPage() {
  const [params, setParams] = useSearchParams();
  const campaignId = params.get("campaign");
  const stepKey = params.get("step") ?? "";
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [from, setFrom] = useState("");
  const [loaded, setLoaded] = useState<string | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const coaching = useCampaignCoaching(campaignId);
  const score = useCoachingScore({ subject, body, from });
  const report = score.data && !score.empty ? score.data : null;

  // A step named in the address (from the campaign editor's chip, or picked here) fills the editor once.
  useEffect(() => {
    const key = `${campaignId}/${stepKey}`;
    if (!coaching.data || !stepKey || loaded === key) return;
    const step = coaching.data.steps.find((s) => `${s.step}:${s.variant}` === stepKey);
    if (!step) return;
    setSubject(step.subject);
    setBody(step.body);
    setLoaded(key);
    setSelected(null);
  }, [coaching.data, campaignId, stepKey, loaded]);

  const setParam = (next: Record<string, string | null>) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        for (const [k, v] of Object.entries(next)) {
          if (v === null) out.delete(k);
          else out.set(k, v);
        }
        return out;
      },
      { replace: true },
    );

  const excerpts = useMemo(() => {
    if (!report) return { subject: [] as string[], body: [] as string[] };
    const chosen = selected !== null && report.advice[selected] ? [report.advice[selected]] : report.advice;
    return {
      subject: chosen.filter((a) => a.where === "subject").flatMap((a) => a.excerpts),
      body: chosen.filter((a) => a.where === "body").flatMap((a) => a.excerpts),
    };
  }, [report, selected]);

  const tooLong = body.length > COACHING_LIMITS.bodyChars;

  return (
    <Stack spacing={3}>
      <PageIntro
        question="Will this email land and get a reply, and how do I make it better?"
        summary="Paste a draft or load a step from one of your campaigns. The score updates as you type; the same score shows next to each step in the campaign editor."
      />
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 3fr) minmax(0, 2fr)" },
          alignItems: "start",
        }}
      >
        <Card variant="outlined">
          <CardHeader title="Draft" slotProps={{ title: { variant: "subtitle1", component: "h3" } }} />
          <CardContent>
            <Stack spacing={2}>
              <CampaignStepPicker
                campaignId={campaignId}
                stepKey={stepKey}
                onCampaign={(c) => setParam({ campaign: c?.id ?? null, step: null })}
                onStep={(key) => setParam({ step: key })}
              />
              <TextField
                size="small"
                label="From (optional)"
                placeholder="Jane Doe <jane@yourdomain.com>"
                value={from}
                onChange={(e) => setFrom(e.target.value)}
                slotProps={{ htmlInput: { maxLength: COACHING_LIMITS.fromChars } }}
              />
              <TextField
                label="Subject"
                value={subject}
                onChange={(e) => setSubject(e.target.value)}
                slotProps={{ htmlInput: { maxLength: COACHING_LIMITS.subjectChars } }}
              />
              <TextField
                label="Body"
                value={body}
                onChange={(e) => setBody(e.target.value)}
                multiline
                minRows={10}
                maxRows={24}
                error={tooLong}
                helperText={
                  tooLong
                    ? `Too long to score: ${body.length.toLocaleString("en-US")} characters (at most ${COACHING_LIMITS.bodyChars.toLocaleString("en-US")})`
                    : "HTML or plain text. {{ first_name }} and other variables, and {Hi|Hello} spintax, are understood."
                }
              />
              {(subject || body || from) && (
                <Button
                  size="small"
                  sx={{ alignSelf: "flex-start" }}
                  onClick={() => {
                    setSubject("");
                    setBody("");
                    setFrom("");
                    setSelected(null);
                    setParam({ campaign: null, step: null });
                  }}
                >
                  Clear
                </Button>
              )}
            </Stack>
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardHeader title="Score" slotProps={{ title: { variant: "subtitle1", component: "h3" } }} />
          {score.isFetching && <LinearProgress aria-label="Scoring" sx={{ mt: -0.5 }} />}
          <CardContent>
            {score.empty && (
              <Alert severity="info">
                Nothing to score yet. Write or paste a subject and body (HTML or plain text, with your {"{{ first_name }}"} variables), or
                load a step from one of your campaigns.
              </Alert>
            )}
            {!score.empty && score.isError && <Alert severity="error">{errorMessage(score.error)}</Alert>}
            {!score.empty && !report && !score.isError && <Typography color="textSecondary">Scoring…</Typography>}
            {report && (
              <Stack spacing={2}>
                <ScoreGauge score={report.score} verdict={report.verdict} />
                <CategoryBars categories={report.categories} />
                <Typography variant="caption" color="textSecondary">
                  {[
                    `${report.stats.words} words`,
                    `reading ease ${report.stats.reading_ease}`,
                    `${report.stats.links} link${report.stats.links === 1 ? "" : "s"}`,
                    `${report.stats.images} image${report.stats.images === 1 ? "" : "s"}`,
                    report.stats.placeholders.length ? `variables: ${report.stats.placeholders.join(", ")}` : "no variables",
                    `subject ${report.stats.subject_chars} characters`,
                  ].join(" · ")}
                </Typography>
              </Stack>
            )}
          </CardContent>
        </Card>
      </Box>
      {report && (
        <Box
          sx={{
            display: "grid",
            gap: 2,
            gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 3fr) minmax(0, 2fr)" },
            alignItems: "start",
          }}
        >
          <Card variant="outlined">
            <CardHeader
              title={`Advice (${report.advice.length})`}
              subheader="Biggest gain first. Pick one to highlight its text."
              slotProps={{ title: { variant: "subtitle1", component: "h3" } }}
            />
            <CardContent sx={{ pt: 0 }}>
              <AdviceList advice={report.advice} selected={selected} onSelect={setSelected} />
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardHeader
              title="Highlights"
              subheader={selected === null ? "Everything the advice names" : "The selected advice"}
              slotProps={{ title: { variant: "subtitle1", component: "h3" } }}
            />
            <CardContent sx={{ pt: 0 }}>
              <Stack spacing={1.5}>
                {subject && <HighlightedText label="Subject with highlights" text={subject} excerpts={excerpts.subject} />}
                {body && <HighlightedText label="Body with highlights" text={body} excerpts={excerpts.body} />}
              </Stack>
            </CardContent>
          </Card>
        </Box>
      )}
    </Stack>
  );
}
