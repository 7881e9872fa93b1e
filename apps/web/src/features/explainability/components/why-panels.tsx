/** The why of one output, by what it is: a ledger action (LLM or built-in), a lead's score, a reply's class. */
import {
  Box,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import type { AiActionExplanation, AiOutputExplanation, LeadWhy, ReplyWhy } from "@prospector/contracts";
import { Link as RouterLink } from "react-router";
import { formatUtcDateTime } from "../../../lib/format.ts";
import { formatPercent } from "../../../ui/charts/chart-format.ts";
import { ContributionsChart } from "./contributions-chart.tsx";

const UNIT: Record<string, string> = { log_odds: "log-odds", points: "points", probability: "probability", rule: "rule weight" };
const SUBJECT_PARAM: Record<string, string> = { lead: "lead", reply: "reply", recommendation: "recommendation" };

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card variant="outlined">
      <CardHeader title={title} slotProps={{ title: { variant: "subtitle1", component: "h3" } }} />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  );
}

const Json = ({ value, label }: { value: unknown; label: string }) => (
  <Box component="pre" aria-label={label} sx={{ m: 0, p: 1.5, bgcolor: "action.hover", borderRadius: 1, overflow: "auto", fontSize: 13 }}>
    {JSON.stringify(value, null, 2)}
  </Box>
);

export function ExplanationView({ explanation, title }: { explanation: AiActionExplanation | null; title: string }) {
  if (!explanation) return <Typography color="textSecondary">This output recorded no explanation beyond its model and input.</Typography>;
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Typography>{explanation.summary}</Typography>
      {explanation.contributions?.length ? (
        <ContributionsChart
          title={title}
          subheader={`Each reason's signed effect${explanation.source ? ` in ${explanation.source}` : ""}, largest first.`}
          contributions={explanation.contributions.map((c) => ({
            label: c.value !== undefined && c.value !== null ? `${c.label} = ${String(c.value)}` : c.label,
            weight: c.weight,
          }))}
          unit={UNIT[explanation.unit ?? "points"] ?? "points"}
        />
      ) : null}
      {explanation.rules?.length ? (
        <Table size="small" aria-label="Rules that fired">
          <TableHead>
            <TableRow>
              <TableCell>Rule</TableCell>
              <TableCell>What it checks</TableCell>
              <TableCell>Matched text</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {explanation.rules.map((r) => (
              <TableRow key={r.id}>
                <TableCell>{r.id}</TableCell>
                <TableCell>{r.description}</TableCell>
                <TableCell>{r.matched ? `“${r.matched}”` : "—"}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </Box>
  );
}

export function ActionWhy({ a }: { a: AiOutputExplanation }) {
  const subject = a.subject_type && a.subject_id && SUBJECT_PARAM[a.subject_type];
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Section title={`${a.kind.replaceAll("_", " ")} by ${a.model}`}>
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", mb: 1 }}>
          <Chip size="small" label={a.engine === "llm" ? "Language model" : "Built-in engine"} />
          <Chip size="small" label={a.outcome} color={a.outcome === "ok" ? "success" : "warning"} />
          <Chip size="small" label={`👍 ${a.feedback.up} · 👎 ${a.feedback.down}`} />
        </Box>
        <Typography variant="body2" color="textSecondary">
          {formatUtcDateTime(a.created_at)} · asked by {a.user_name ?? "a job or agent"} · {a.duration_ms.toLocaleString()} ms
          {a.engine === "llm" ? ` · ${a.tokens_in} tokens in, ${a.tokens_out} out · $${(a.cost_micros / 1e6).toFixed(4)}` : ""}
        </Typography>
        {subject && (
          <Link component={RouterLink} to={`/ai-transparency?${subject}=${a.subject_id}`} sx={{ display: "inline-block", mt: 1 }}>
            Why this {a.subject_type}?
          </Link>
        )}
        {a.error && <Typography color="error">{a.error}</Typography>}
      </Section>
      <Section title="Why">
        <ExplanationView explanation={a.explanation} title="Reasons" />
      </Section>
      {a.prompt && (
        <Section title="Prompt sent to the model">
          {a.prompt.map((m, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the prompt's messages are ordered and never reordered
            <Box key={i} sx={{ mb: 1 }}>
              <Typography variant="overline">{m.role}</Typography>
              <Box component="pre" sx={{ m: 0, whiteSpace: "pre-wrap", fontSize: 13 }}>
                {m.content}
              </Box>
            </Box>
          ))}
          <Typography variant="subtitle2">Parameters</Typography>
          <Json value={a.parameters} label="Parameters" />
        </Section>
      )}
      <Section title="Input and validated output">
        <Typography variant="subtitle2">Input</Typography>
        <Json value={a.input} label="Input" />
        <Typography variant="subtitle2" sx={{ mt: 1 }}>
          Output
        </Typography>
        <Json value={a.output} label="Output" />
      </Section>
    </Box>
  );
}

export function LeadWhyView({ w }: { w: LeadWhy }) {
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Section
        title={`${w.lead_name ?? "Lead"}: ${formatPercent(w.probability)} likely to ${w.model_target === "reply" ? "reply" : "book a meeting"}`}
      >
        <Typography>{w.summary}</Typography>
        <Typography variant="body2" color="textSecondary">
          Baseline {w.baseline.toFixed(2)} + contributions = {w.logit.toFixed(2)} log-odds = {formatPercent(w.probability)}; lead score v
          {w.model_version}, scored {formatUtcDateTime(w.scored_at)}.{" "}
          <Link component={RouterLink} to="/explainability">
            How the model decides in general
          </Link>
        </Typography>
      </Section>
      <ContributionsChart
        title="From the baseline to this lead's score"
        subheader="Log-odds each lead field adds to the model's baseline (the intercept); the bars end at the lead's logit."
        contributions={w.contributions}
        baseline={w.baseline}
        unit="log-odds"
      />
    </Box>
  );
}

export function ReplyWhyView({ w }: { w: ReplyWhy }) {
  return (
    <Section title={`Reply classified ${w.label ?? "(no class)"} by ${w.model}`}>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        {formatUtcDateTime(w.created_at)} ·{" "}
        <Link component={RouterLink} to={`/ai-transparency?action=${w.action_id}`}>
          the ledger entry
        </Link>
      </Typography>
      <ExplanationView explanation={w.explanation} title="Words that decided the class" />
    </Section>
  );
}
