/** One AI action in full: who and what, the prompt, the input, the output, why, and links to its subject and to transparency. */

import CloseOutlined from "@mui/icons-material/CloseOutlined";
import { Alert, Box, Button, Chip, Divider, Drawer, IconButton, Stack, Typography } from "@mui/material";
import type { AiActionDetail } from "@prospector/contracts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatUtcDateTime } from "../../../lib/format.ts";
import { useActivityDetail } from "../api/use-ai-activity.ts";
import { dollars, durationLabel, kindLabel, OUTCOME_COLOR, subjectHref, tokensLabel } from "./ai-format.ts";

const pre = {
  m: 0,
  p: 1.5,
  bgcolor: "action.hover",
  borderRadius: 1,
  whiteSpace: "pre-wrap",
  wordBreak: "break-word",
  fontSize: 13,
} as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const json = (v: unknown) => JSON.stringify(v, null, 2);

function Detail({ a }: { a: AiActionDetail }) {
  const href = a.subject && subjectHref(a.subject);
  const output = a.output && typeof a.output.content === "string" ? a.output.content : a.output ? json(a.output) : null;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        <Chip size="small" label={a.outcome} color={OUTCOME_COLOR[a.outcome]} />
        <Chip size="small" variant="outlined" label={a.engine === "llm" ? "Language model" : "Built-in"} />
        <Chip size="small" variant="outlined" label={a.model} />
      </Stack>
      <Typography variant="body2" color="textSecondary">
        {`${formatUtcDateTime(a.created_at)} · ${a.user ? a.user.name : "a job or agent"} · ${dollars(a.cost_usd)} · tokens in/out ${tokensLabel(a)} · ${durationLabel(a.duration_ms)}${a.attempts > 1 ? ` · ${a.attempts} attempts` : ""}`}
      </Typography>
      {a.error && <Alert severity={a.outcome === "refused" ? "warning" : "error"}>{a.error}</Alert>}
      <Section title="Why">
        <Typography variant="body2">{a.explanation?.summary ?? "No explanation was recorded for this action."}</Typography>
        {a.explanation?.rules && a.explanation.rules.length > 0 && (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {a.explanation.rules.map((r) => (
              <Typography component="li" variant="body2" key={r.id}>
                {r.description}
                {r.matched ? `: “${r.matched}”` : ""}
              </Typography>
            ))}
          </Box>
        )}
        {a.explanation?.contributions && a.explanation.contributions.length > 0 && (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {a.explanation.contributions.map((c) => (
              <Typography
                component="li"
                variant="body2"
                key={c.feature}
              >{`${c.label}: ${c.weight >= 0 ? "+" : "−"}${Math.abs(c.weight).toFixed(2)}`}</Typography>
            ))}
          </Box>
        )}
      </Section>
      {a.prompt && (
        <Section title="Prompt">
          <Stack spacing={1}>
            {a.prompt.map((m, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the messages never reorder
              <Box key={i}>
                <Typography variant="caption" color="textSecondary">
                  {m.role}
                </Typography>
                <Box component="pre" sx={pre}>
                  {m.content}
                </Box>
              </Box>
            ))}
          </Stack>
        </Section>
      )}
      <Section title="Input">
        <Box component="pre" sx={pre}>
          {json(a.input)}
        </Box>
      </Section>
      <Section title="Output">
        {output ? (
          <Box component="pre" sx={pre}>
            {output}
          </Box>
        ) : (
          <Typography variant="body2" color="textSecondary">
            No output: the action did not complete.
          </Typography>
        )}
      </Section>
      <Divider />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        <Button component={Link} to={`/ai-transparency?action=${a.id}`} variant="outlined">
          Why, in depth
        </Button>
        {href && (
          <Button component={Link} to={href}>
            {`Open the ${a.subject!.type}`}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

export function ActionDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useActivityDetail(id);
  return (
    <Drawer anchor="right" open={Boolean(id)} onClose={onClose}>
      {/* A fixed width on a box inside: long prompts wrap instead of widening the drawer. */}
      <Box sx={{ width: { xs: "100vw", sm: 560 }, maxWidth: "100vw", p: 2.5, boxSizing: "border-box" }}>
        <Box sx={{ display: "flex", alignItems: "center", mb: 2 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {detail.data ? kindLabel(detail.data.kind) : "AI action"}
          </Typography>
          <IconButton aria-label="Close" onClick={onClose}>
            <CloseOutlined />
          </IconButton>
        </Box>
        {detail.isError && <Alert severity="error">{detail.error.message}</Alert>}
        {detail.isPending && id && <Typography color="textSecondary">Loading…</Typography>}
        {detail.data && <Detail a={detail.data} />}
      </Box>
    </Drawer>
  );
}
