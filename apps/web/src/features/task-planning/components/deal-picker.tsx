/** Picks a deal by typing part of its name (the CRM's deal search, 5 at a time): the planning page's "related deal" filter. */
import { Autocomplete, TextField } from "@mui/material";
import type { CrmDeal } from "@prospector/contracts";
import { useState } from "react";
import { useDebounced } from "../../../lib/use-debounced.ts";
import { useRecord, useRecordList } from "../../crm/api/use-records.ts";

type Option = { id: string; name: string };

export function DealPicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const [input, setInput] = useState("");
  const search = useDebounced(input, 250);
  const found = useRecordList<CrmDeal>("deals", { search: search || undefined, limit: 5, skip: 0 });
  const current = useRecord<CrmDeal>("deals", value || null);
  const options: Option[] = found.data?.items ?? [];
  const selected: Option | null = value ? (options.find((o) => o.id === value) ?? current.data ?? { id: value, name: "…" }) : null;
  return (
    <Autocomplete<Option>
      size="small"
      sx={{ minWidth: 200 }}
      options={selected && !options.some((o) => o.id === selected.id) ? [selected, ...options] : options}
      value={selected}
      filterOptions={(o) => o}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onInputChange={(_, v, reason) => {
        if (reason === "input") setInput(v);
      }}
      onChange={(_, o) => onChange(o?.id ?? "")}
      loading={found.isFetching}
      noOptionsText={search ? "No deal matches" : "No deals yet"}
      renderInput={(params) => (
        <TextField {...params} label="Deal" placeholder="Any deal" slotProps={{ ...params.slotProps, inputLabel: { shrink: true } }} />
      )}
    />
  );
}
