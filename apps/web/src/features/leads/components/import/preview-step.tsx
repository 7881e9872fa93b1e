/** Step 3 of the import: the first rows of the file as the chosen mapping will read them. */
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import type { ImportMapping, ImportPreview } from "@prospector/contracts";
import { mappedPreview } from "../../lib/import-mapping.ts";
import { fieldLabel } from "../../lib/lead-labels.ts";

export function PreviewStep({ preview, mapping }: { preview: ImportPreview; mapping: ImportMapping }) {
  const { columns, rows } = mappedPreview(preview.rows, mapping);
  if (rows.length === 0) return <Typography>The file has a header row but no data rows.</Typography>;
  return (
    <>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {`The first ${rows.length} rows as they will be imported. Names are split, emails lower-cased and web addresses completed on import.`}
      </Typography>
      <TableContainer sx={{ maxHeight: 380 }}>
        <Table size="small" stickyHeader aria-label="Import preview">
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.header} sx={{ whiteSpace: "nowrap" }} title={`From column ${c.header}`}>
                  {fieldLabel(c.field)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity but their position
              <TableRow key={r}>
                {row.map((cell, c) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells follow the header order
                  <TableCell key={c} sx={{ maxWidth: 200, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
