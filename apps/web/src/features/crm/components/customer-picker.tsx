/** Picks a customer by typing part of its name, email or company (the server's search, 5 at a time). */
import { Autocomplete, TextField } from "@mui/material";
import type { CrmCustomer } from "@prospector/contracts";
import { useState } from "react";
import { useDebounced } from "../../../lib/use-debounced.ts";
import { useRecord, useRecordList } from "../api/use-records.ts";

type Option = { id: string; name: string; company: string | null };

export function CustomerPicker({
  label,
  value,
  onChange,
  error,
  helperText,
}: {
  label: string;
  value: string;
  onChange: (id: string) => void;
  error?: boolean;
  helperText?: string;
}) {
  const [input, setInput] = useState("");
  const search = useDebounced(input, 250);
  const found = useRecordList<CrmCustomer>("customers", { search: search || undefined, limit: 5, skip: 0 });
  const current = useRecord<CrmCustomer>("customers", value || null);
  const options: Option[] = found.data?.items ?? [];
  const selected: Option | null = value
    ? (options.find((o) => o.id === value) ?? current.data ?? { id: value, name: "…", company: null })
    : null;
  return (
    <Autocomplete<Option>
      size="small"
      options={selected && !options.some((o) => o.id === selected.id) ? [selected, ...options] : options}
      value={selected}
      filterOptions={(o) => o}
      getOptionLabel={(o) => (o.company ? `${o.name} (${o.company})` : o.name)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onInputChange={(_, v, reason) => {
        if (reason === "input") setInput(v);
      }}
      onChange={(_, o) => onChange(o?.id ?? "")}
      loading={found.isFetching}
      noOptionsText={search ? "No customer matches" : "No customers yet"}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={error}
          helperText={helperText ?? "Type to search customers"}
          slotProps={{ ...params.slotProps, inputLabel: { shrink: true } }}
        />
      )}
    />
  );
}
