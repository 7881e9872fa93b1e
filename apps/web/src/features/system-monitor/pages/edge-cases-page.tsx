/**
 * /system/edge-cases (instance admins): Which failures does the system handle, is any happening
 * now, and what does it do about it? The failure-mode catalogue with each one's live status and its
 * evidence, worst first (docs/operations.md, "Failure modes").
 */

import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import { Accordion, AccordionDetails, AccordionSummary, Box, Button, Card, CardContent, Chip, Stack, Typography } from "@mui/material";
import type { EdgeCase } from "@prospector/contracts";
import { Link } from "react-router";
import { formatDateTime, timeAgo } from "../../../lib/format.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { PageIntro } from "../../../ui/page-intro.tsx";
import { useEdgeCases } from "../api/use-system-monitor.ts";
import { STATUS_COLOR, STATUS_ORDER } from "../components/monitor-format.ts";

const QUESTION = "Which failures does the system handle, is any happening now, and what does it do about it?";

function CaseCard({ c }: { c: EdgeCase }) {
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={`case-${c.id}`}
      sx={{ borderLeft: 4, borderLeftColor: `${STATUS_COLOR[c.status] === "default" ? "grey.500" : `${STATUS_COLOR[c.status]}.main`}` }}
    >
      <CardContent sx={{ pb: "8px !important" }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
          <Chip size="small" label={c.status} color={STATUS_COLOR[c.status]} />
          <Typography id={`case-${c.id}`} variant="subtitle1" component="h3" sx={{ flex: 1 }}>
            {c.title}
          </Typography>
          <Button component={Link} to={c.fix_path} size="small" variant={c.status === "ok" ? "text" : "contained"}>
            {`Open ${c.fix_label}`}
          </Button>
        </Box>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {c.evidence}
        </Typography>
        {c.details.length > 0 && (
          <Box component="ul" sx={{ my: 1, pl: 3 }}>
            {c.details.map((d) => (
              <Typography component="li" variant="body2" key={d} sx={{ wordBreak: "break-word" }}>
                {d}
              </Typography>
            ))}
          </Box>
        )}
        <Accordion disableGutters elevation={0} slots={{ heading: "h4" }} sx={{ "&:before": { display: "none" }, bgcolor: "transparent" }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />} sx={{ px: 0, minHeight: 36, "& .MuiAccordionSummary-content": { my: 0.5 } }}>
            <Typography variant="body2" color="textSecondary">
              What happens, what the system does, how to recover
            </Typography>
          </AccordionSummary>
          <AccordionDetails sx={{ px: 0 }}>
            <Stack spacing={1}>
              <Typography variant="body2">
                <strong>What happens:</strong> {c.what_happens}
              </Typography>
              <Typography variant="body2">
                <strong>What the system does:</strong> {c.system_response}
              </Typography>
              <Typography variant="body2">
                <strong>How to recover:</strong> {c.recovery}
              </Typography>
            </Stack>
          </AccordionDetails>
        </Accordion>
      </CardContent>
    </Card>
  );
}

export default function EdgeCasesPage() {
  const q = useEdgeCases();
  const d = q.data;
  const cases = d ? [...d.cases].sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status]) : [];
  const troubled = d ? d.summary.failing + d.summary.degraded : 0;
  return (
    <Stack spacing={3}>
      <PageIntro
        question={QUESTION}
        summary={
          d
            ? `${troubled === 0 ? "Nothing is failing now." : `${d.summary.failing} failing, ${d.summary.degraded} degraded.`} Checked ${timeAgo(d.checked_at)} (${formatDateTime(d.checked_at)}) from live records; refreshes every 30 seconds.`
            : "Each status is computed now from the system's own records."
        }
        actions={
          <Button variant="outlined" onClick={() => void q.refetch()} disabled={q.isFetching}>
            {q.isFetching ? "Checking…" : "Check again"}
          </Button>
        }
      />
      {q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !d ? (
        <Typography color="textSecondary">Checking every failure mode…</Typography>
      ) : (
        <>
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }} aria-label="Statuses">
            {(["failing", "degraded", "unknown", "ok"] as const).map((s) => (
              <Chip key={s} label={`${d.summary[s]} ${s}`} color={STATUS_COLOR[s]} variant={d.summary[s] ? "filled" : "outlined"} />
            ))}
          </Box>
          <Stack spacing={2}>
            {cases.map((c) => (
              <CaseCard key={c.id} c={c} />
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
