/** Step 2 of the import: each CSV column and the lead field it fills, preselected by the server. */
import { Alert, MenuItem, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from "@mui/material";
import { ImportField, type ImportMapping, type ImportPreview } from "@prospector/contracts";
import { duplicateTargets, identifiesLeads } from "../../lib/import-mapping.ts";
import { fieldLabel } from "../../lib/lead-labels.ts";

const IGNORE = "__ignore";

export function MappingStep({
  preview,
  mapping,
  onChange,
}: {
  preview: ImportPreview;
  mapping: ImportMapping;
  onChange: (m: ImportMapping) => void;
}) {
  const duplicates = duplicateTargets(mapping);
  return (
    <>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {preview.unmapped.length === 0
          ? "Every column was matched to a lead field. Check the choices below."
          : `${preview.headers.length - preview.unmapped.length} of ${preview.headers.length} columns were matched automatically. Choose a field for the others or leave them out.`}
      </Typography>
      {duplicates.length > 0 && (
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          {`More than one column fills ${duplicates.map(fieldLabel).join(", ")}: only one value per lead is kept.`}
        </Alert>
      )}
      {!identifiesLeads(mapping) && (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          Map at least one of email, name or company: a lead needs one of them.
        </Alert>
      )}
      <TableContainer sx={{ maxHeight: 380 }}>
        <Table size="small" stickyHeader aria-label="Column mapping">
          <TableHead>
            <TableRow>
              <TableCell>CSV column</TableCell>
              <TableCell sx={{ width: 260 }}>Lead field</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.headers.map((header) => (
              <TableRow key={header}>
                <TableCell sx={{ fontWeight: 500 }}>{header}</TableCell>
                <TableCell>
                  <TextField
                    select
                    size="small"
                    fullWidth
                    label={`Field for ${header}`}
                    value={mapping[header] ?? IGNORE}
                    onChange={(e) => onChange({ ...mapping, [header]: e.target.value === IGNORE ? null : (e.target.value as ImportField) })}
                  >
                    <MenuItem value={IGNORE}>
                      <em>Don't import</em>
                    </MenuItem>
                    {ImportField.options.map((f) => (
                      <MenuItem key={f} value={f}>
                        {fieldLabel(f)}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
