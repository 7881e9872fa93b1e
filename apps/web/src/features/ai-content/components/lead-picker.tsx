/** Picks one of the workspace's leads by name, email or company (server search, debounced). */

import { Autocomplete, TextField } from "@mui/material";
import type { MemoryLead } from "@prospector/contracts";
import { useState } from "react";
import { useDebounced } from "../../../lib/use-debounced.ts";
import { useMemoryLeads } from "../api/use-memory.ts";

export const leadLabel = (l: MemoryLead) =>
  [l.name, l.company, l.email]
    .filter(Boolean)
    .filter((v, i, a) => a.indexOf(v) === i)
    .join(" · ");

export function LeadPicker({ value, onChange }: { value: MemoryLead | null; onChange: (lead: MemoryLead | null) => void }) {
  const [input, setInput] = useState("");
  const q = useDebounced(input, 250);
  const leads = useMemoryLeads(value && input === leadLabel(value) ? "" : q);
  const options = leads.data?.items ?? [];
  return (
    <Autocomplete
      sx={{ minWidth: 320, flex: 1, maxWidth: 560 }}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      value={value}
      onChange={(_, v) => onChange(v)}
      inputValue={input}
      onInputChange={(_, v) => setInput(v)}
      filterOptions={(x) => x}
      getOptionLabel={leadLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={leads.isFetching}
      noOptionsText={q ? "No lead matches" : "No leads yet: add or import leads on the Leads page"}
      renderInput={(params) => <TextField {...params} label="Lead" placeholder="Search by name, email or company" />}
    />
  );
}
