/** Billing address, checked with the shared schema; the server's per-field messages land on the same fields. */
import { Alert, Grid, TextField } from "@mui/material";
import { BillingAddress } from "@prospector/contracts";
import { useState } from "react";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useSaveBillingAddress } from "../api/use-billing.ts";
import { fieldError, formError } from "../lib/server-errors.ts";
import { zodFieldErrors } from "../lib/zod-fields.ts";
import { SaveBar } from "./settings-ui.tsx";

const EMPTY: BillingAddress = { name: "", company: "", line1: "", line2: "", city: "", state: "", postalCode: "", country: "", vatId: "" };
const FIELDS: Array<{ key: keyof BillingAddress; label: string; md: number }> = [
  { key: "name", label: "Name", md: 6 },
  { key: "company", label: "Company", md: 6 },
  { key: "line1", label: "Address", md: 6 },
  { key: "line2", label: "Address line 2", md: 6 },
  { key: "city", label: "City", md: 4 },
  { key: "state", label: "State or region", md: 4 },
  { key: "postalCode", label: "Postal code", md: 4 },
  { key: "country", label: "Country (2 letters)", md: 6 },
  { key: "vatId", label: "VAT or tax id", md: 6 },
];

export function BillingAddressForm({ address, canEdit }: { address: BillingAddress | null; canEdit: boolean }) {
  const [draft, setDraft] = useState<BillingAddress>(address ?? EMPTY);
  const [local, setLocal] = useState<Record<string, string>>({});
  const save = useSaveBillingAddress();
  const toast = useToast();
  const dirty = JSON.stringify(draft) !== JSON.stringify(address ?? EMPTY);
  const errorFor = (f: string) => local[f] ?? fieldError(save.error, f);

  return (
    <>
      {!canEdit && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Only members allowed to manage billing can change the address.
        </Alert>
      )}
      <Grid container spacing={2}>
        {FIELDS.map((f) => (
          <Grid key={f.key} size={{ xs: 12, md: f.md }}>
            <TextField
              label={f.label}
              fullWidth
              disabled={!canEdit}
              value={draft[f.key]}
              onChange={(e) => setDraft({ ...draft, [f.key]: f.key === "country" ? e.target.value.toUpperCase() : e.target.value })}
              error={Boolean(errorFor(f.key))}
              helperText={errorFor(f.key)}
            />
          </Grid>
        ))}
      </Grid>
      {canEdit && (
        <SaveBar
          dirty={dirty}
          saving={save.isPending}
          label="Save address"
          onSave={() => {
            const problems = zodFieldErrors(BillingAddress, draft);
            setLocal(problems);
            if (Object.keys(problems).length === 0) save.mutate(draft, { onSuccess: () => toast.success("Billing address saved") });
          }}
          error={formError(
            save.error,
            FIELDS.map((f) => f.key),
          )}
        />
      )}
    </>
  );
}
