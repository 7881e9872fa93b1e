/** The workspace-wide search of timeline text ("who mentioned pricing?"): leads with their latest matching item. */
import { Box, Button, Card, CardContent, Chip, List, ListItemButton, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { formatUtcDateTime } from "../../../lib/format.ts";
import { useDebounced } from "../../../lib/use-debounced.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { useMemorySearch } from "../api/use-memory.ts";
import { KIND_LABELS } from "./timeline-labels.ts";

export function MemorySearch({ onPick }: { onPick: (leadId: string) => void }) {
  const [input, setInput] = useState("");
  const q = useDebounced(input.trim(), 300);
  const search = useMemorySearch(q);
  const hits = search.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card variant="outlined" component="section" aria-label="Search every timeline">
      <CardContent>
        <TextField
          fullWidth
          size="small"
          label="Search every lead's timeline"
          placeholder="e.g. pricing, budget, competitor"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          helperText="Finds words in replies, emails, notes, tasks, deals and AI explanations (at least 2 characters)."
        />
        {search.isError && <LoadError error={search.error} onRetry={() => search.refetch()} />}
        {q.length >= 2 && search.isSuccess && hits.length === 0 && (
          <Typography color="textSecondary" sx={{ mt: 1 }}>
            No lead's timeline mentions “{q}”.
          </Typography>
        )}
        {hits.length > 0 && (
          <List aria-label="Leads that mention it" dense>
            {hits.map((h) => (
              <ListItemButton key={h.lead.id} onClick={() => onPick(h.lead.id)} divider>
                <Box sx={{ minWidth: 0 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
                    <Typography sx={{ fontWeight: 600 }}>{h.lead.name}</Typography>
                    {h.lead.company && <Typography color="textSecondary">{h.lead.company}</Typography>}
                    <Chip size="small" label={`${h.matches} match${h.matches === 1 ? "" : "es"}`} />
                  </Stack>
                  <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
                    {KIND_LABELS[h.item.kind]}, {formatUtcDateTime(h.item.at)}: {h.item.body ?? h.item.title}
                  </Typography>
                </Box>
              </ListItemButton>
            ))}
          </List>
        )}
        {search.hasNextPage && (
          <Button onClick={() => search.fetchNextPage()} disabled={search.isFetchingNextPage}>
            More leads
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
