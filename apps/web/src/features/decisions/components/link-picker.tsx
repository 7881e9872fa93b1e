/** Picks records to link to a decision: a kind, then a record of that kind found by name; chosen ones show as chips. */
import { Autocomplete, Box, Chip, MenuItem, Stack, TextField } from "@mui/material";
import type { DecisionLinkKind } from "@prospector/contracts";
import { DECISION_MAX_LINKS } from "@prospector/contracts";
import { useState } from "react";
import { useDebounced } from "../../../lib/use-debounced.ts";
import { useLinkable } from "../api/use-decisions.ts";
import { LINK_KINDS, LINK_LABEL } from "./decision-format.ts";

export interface PickedLink {
  kind: DecisionLinkKind;
  id: string;
  name: string;
}

export function LinkPicker({ value, onChange }: { value: PickedLink[]; onChange: (next: PickedLink[]) => void }) {
  const [kind, setKind] = useState<DecisionLinkKind>("lead");
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const search = useDebounced(text.trim(), 250);
  const found = useLinkable(kind, search, open);
  const chosen = new Set(value.map((l) => `${l.kind}:${l.id}`));
  const options = (found.data?.items ?? []).filter((i) => !chosen.has(`${i.kind}:${i.id}`));
  const full = value.length >= DECISION_MAX_LINKS;

  return (
    <Stack spacing={1}>
      <Box sx={{ display: "flex", gap: 1 }}>
        <TextField
          select
          label="Record type"
          value={kind}
          onChange={(e) => setKind(e.target.value as DecisionLinkKind)}
          sx={{ width: 150 }}
          size="small"
        >
          {LINK_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {LINK_LABEL[k]}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete
          sx={{ flex: 1 }}
          size="small"
          open={open}
          onOpen={() => setOpen(true)}
          onClose={() => setOpen(false)}
          disabled={full}
          options={options}
          loading={found.isFetching}
          filterOptions={(x) => x}
          getOptionLabel={(o) => o.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          value={null}
          inputValue={text}
          onInputChange={(_, v, reason) => {
            if (reason !== "reset") setText(v);
          }}
          onChange={(_, picked) => {
            if (picked) onChange([...value, picked]);
            setText("");
          }}
          noOptionsText={search ? `No ${LINK_LABEL[kind].toLowerCase()} matches "${search}"` : `No ${LINK_LABEL[kind].toLowerCase()}s yet`}
          renderInput={(params) => (
            <TextField
              {...params}
              label={`Link a ${LINK_LABEL[kind].toLowerCase()}`}
              helperText={full ? "At most 20 linked records" : undefined}
            />
          )}
        />
      </Box>
      {value.length > 0 && (
        <Box sx={{ display: "flex", gap: 0.5, flexWrap: "wrap" }} aria-label="Linked records">
          {value.map((l) => (
            <Chip
              key={`${l.kind}:${l.id}`}
              label={`${LINK_LABEL[l.kind]}: ${l.name}`}
              onDelete={() => onChange(value.filter((x) => x !== l))}
              size="small"
            />
          ))}
        </Box>
      )}
    </Stack>
  );
}
