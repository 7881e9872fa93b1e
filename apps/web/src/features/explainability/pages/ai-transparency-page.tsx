/**
 * /ai-transparency: Why did the AI decide what it decided about this lead, reply or recommendation?
 * One output's why, by ledger action (?action=), or by subject (?lead=, ?reply=, ?recommendation=),
 * beside a searchable picker of the workspace's recent AI outputs (docs/ai/explainability.md).
 */
import { Box, Stack, Typography } from "@mui/material";
import type { AiOutputExplanation, LeadWhy, RecommendationWhy, ReplyWhy } from "@prospector/contracts";
import { useSearchParams } from "react-router";
import { LoadError } from "../../../ui/load-error.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { type SubjectType, useSubjectWhy } from "../api/use-explain.ts";
import { ExplainNav } from "../components/explain-nav.tsx";
import { OutputPicker } from "../components/output-picker.tsx";
import { RecommendationWhyCard } from "../components/recommendation-why-card.tsx";
import { ActionWhy, LeadWhyView, ReplyWhyView } from "../components/why-panels.tsx";

const QUESTION = "Why did the AI decide what it decided about this lead, reply or recommendation?";
const TYPES: SubjectType[] = ["action", "lead", "reply", "recommendation"];

export default function AiTransparencyPage() {
  const [params, setParams] = useSearchParams();
  const type = TYPES.find((t) => params.get(t)) ?? null;
  const id = type ? params.get(type) : null;
  const why = useSubjectWhy(type, id);
  return (
    <Stack spacing={2}>
      <PageIntro
        question={QUESTION}
        summary="Every AI output is recorded with its reasons: a score's feature contributions against the model's baseline, a classifier's words and rules, a recommendation's evidence, or a language model's prompt, parameters and validated output."
      />
      <ExplainNav />
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "minmax(260px, 1fr) 2fr" }, alignItems: "start" }}>
        <OutputPicker selected={type === "action" ? id : null} onSelect={(a) => setParams({ action: a })} />
        <Box>
          {!type ? (
            <EmptyState
              title="Choose an output"
              hint="Pick an AI output on the left, or open this page from a lead's score, a classified reply or a recommendation to see why it came out as it did."
            />
          ) : why.error ? (
            <LoadError error={why.error} onRetry={() => void why.refetch()} />
          ) : !why.data ? (
            <Typography color="textSecondary">Loading the explanation…</Typography>
          ) : type === "action" ? (
            <ActionWhy a={why.data as AiOutputExplanation} />
          ) : type === "lead" ? (
            <LeadWhyView w={why.data as LeadWhy} />
          ) : type === "reply" ? (
            <ReplyWhyView w={why.data as ReplyWhy} />
          ) : (
            <RecommendationWhyCard r={why.data as RecommendationWhy} />
          )}
        </Box>
      </Box>
    </Stack>
  );
}
