/**
 * /memory-intelligence: What has happened with this lead, across every channel?
 * Pick a lead (or find one by what its timeline says) → its summary and every item, newest first
 * (docs/ai/content.md).
 */

import { Button, Stack, TextField, Typography } from "@mui/material";
import type { TimelineChannel, TimelineKind } from "@prospector/contracts";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { useDebounced } from "../../../lib/use-debounced.ts";
import { FilterSelect } from "../../../ui/filter-select.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useMemoryLeads, useTimeline, useTimelineSummary } from "../api/use-memory.ts";
import { LeadPicker } from "../components/lead-picker.tsx";
import { MemorySearch } from "../components/memory-search.tsx";
import { CHANNEL_LABELS, KIND_LABELS } from "../components/timeline-labels.ts";
import { TimelineList } from "../components/timeline-list.tsx";
import { TimelineSummaryCard } from "../components/timeline-summary.tsx";

const QUESTION = "What has happened with this lead, across every channel?";

const KINDS_OF: Record<TimelineChannel, TimelineKind[]> = {
  email: [
    "campaign_sent",
    "opened",
    "clicked",
    "replied",
    "auto_replied",
    "bounced",
    "unsubscribed",
    "complained",
    "meeting",
    "compose_sent",
  ],
  crm: ["interaction", "note", "task", "deal_created", "deal_stage"],
  ai: ["ai_action", "agent_run"],
  record: ["created", "imported", "enriched", "merged"],
};
const SHOW_OPTIONS = [
  ...(Object.keys(KINDS_OF) as TimelineChannel[]).map((c) => ({ value: `channel:${c}`, label: `${CHANNEL_LABELS[c]} (all)` })),
  ...(Object.keys(KIND_LABELS) as TimelineKind[]).map((k) => ({ value: `kind:${k}`, label: KIND_LABELS[k] })),
];

export default function MemoryIntelligencePage() {
  const [params, setParams] = useSearchParams();
  const leadId = params.get("lead");
  const [show, setShow] = useState("");
  const [words, setWords] = useState("");
  const q = useDebounced(words.trim(), 300);
  const kinds = useMemo<TimelineKind[]>(() => {
    if (show.startsWith("channel:")) return KINDS_OF[show.slice(8) as TimelineChannel];
    if (show.startsWith("kind:")) return [show.slice(5) as TimelineKind];
    return [];
  }, [show]);
  const anyLeads = useMemoryLeads("");
  const summary = useTimelineSummary(leadId);
  const timeline = useTimeline(leadId, { kinds, q });
  const items = timeline.data?.pages.flatMap((p) => p.items) ?? [];
  const pick = (id: string | null) => {
    setShow("");
    setWords("");
    setParams(id ? { lead: id } : {});
  };

  if (anyLeads.isSuccess && anyLeads.data.items.length === 0 && !leadId) {
    return (
      <Stack spacing={3}>
        <PageIntro question={QUESTION} />
        <EmptyState
          title="No leads yet"
          hint="Add or import leads on the Leads page. Their campaign emails, replies, CRM records and AI actions will appear here as one timeline."
        />
      </Stack>
    );
  }

  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} summary="Every email, reply, CRM record, deal move and AI action about one lead, newest first." />
      <MemorySearch onPick={pick} />
      <LeadPicker
        value={summary.data && summary.data.lead.id === leadId ? summary.data.lead : null}
        onChange={(l) => pick(l?.id ?? null)}
      />
      {!leadId && (
        <EmptyState
          title="Pick a lead"
          hint="Choose a lead above, or search what timelines say, to see everything that happened with it."
        />
      )}
      {leadId && summary.isError && <LoadError error={summary.error} onRetry={() => summary.refetch()} />}
      {leadId && summary.data && <TimelineSummaryCard summary={summary.data} />}
      {leadId && summary.data && (
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ flexWrap: "wrap", rowGap: 1 }}>
            <FilterSelect label="Show" value={show} onChange={setShow} options={SHOW_OPTIONS} anyLabel="Everything" minWidth={200} />
            <TextField size="small" label="Words in this timeline" value={words} onChange={(e) => setWords(e.target.value)} />
          </Stack>
          {timeline.isError && <LoadError error={timeline.error} onRetry={() => timeline.refetch()} />}
          {timeline.isSuccess &&
            items.length === 0 &&
            (summary.data.total === 0 || (!q && !kinds.length) ? (
              <EmptyState
                title="Nothing has happened with this lead yet"
                hint="Add it to a campaign, send it an email from Compose, or log a call or note in the CRM: each shows here."
              />
            ) : (
              <Typography color="textSecondary">No item matches these filters.</Typography>
            ))}
          {items.length > 0 && <TimelineList items={items} label="Timeline" />}
          {timeline.hasNextPage && (
            <Button onClick={() => timeline.fetchNextPage()} disabled={timeline.isFetchingNextPage} sx={{ alignSelf: "flex-start" }}>
              Older items
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
