/** The searchable list of recent AI outputs (newest first, keyset pages); choosing one opens its why. */
import { Box, Card, CardContent, CardHeader, List, ListItemButton, ListItemText, TextField, Typography } from "@mui/material";
import { useDeferredValue, useState } from "react";
import { formatUtcDateTime } from "../../../lib/format.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { useOutputs } from "../api/use-explain.ts";
import { CursorPager, useCursorStack } from "./cursor-pager.tsx";

export function OutputPicker({ selected, onSelect }: { selected: string | null; onSelect: (id: string) => void }) {
  const [text, setText] = useState("");
  const q = useDeferredValue(text.trim());
  const pager = useCursorStack();
  const outputs = useOutputs(q, pager.cursor);
  return (
    <Card variant="outlined">
      <CardHeader title="Recent AI outputs" slotProps={{ title: { variant: "subtitle1", component: "h3" } }} />
      <CardContent sx={{ pt: 0 }}>
        <TextField
          size="small"
          fullWidth
          label="Search outputs"
          placeholder="kind, model, reason or record id"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            pager.reset();
          }}
        />
        {outputs.error ? (
          <LoadError error={outputs.error} onRetry={() => void outputs.refetch()} />
        ) : !outputs.data ? (
          <Typography color="textSecondary" sx={{ mt: 2 }}>
            Loading…
          </Typography>
        ) : outputs.data.items.length === 0 ? (
          <Typography color="textSecondary" sx={{ mt: 2 }}>
            {q
              ? `No AI output matches “${q}”.`
              : "No AI output in this workspace yet: generate an email, classify replies or train the lead score, and each output is listed here with its reasons."}
          </Typography>
        ) : (
          <List dense aria-label="AI outputs">
            {outputs.data.items.map((o) => (
              <ListItemButton key={o.id} selected={o.id === selected} onClick={() => onSelect(o.id)}>
                <ListItemText
                  primary={`${o.kind.replaceAll("_", " ")} · ${o.model}`}
                  secondary={
                    <>
                      {o.summary ?? (o.engine === "llm" ? "Language model output" : "Built-in decision")}
                      <Box component="span" sx={{ display: "block" }}>
                        {formatUtcDateTime(o.created_at)}
                        {o.outcome !== "ok" ? ` · ${o.outcome}` : ""}
                      </Box>
                    </>
                  }
                />
              </ListItemButton>
            ))}
          </List>
        )}
        <CursorPager pager={pager} nextCursor={outputs.data?.next_cursor} />
      </CardContent>
    </Card>
  );
}
