/**
 * Step 3 of the import: the first rows of the file as the server reads them with the chosen
 * mapping (names split, emails lower-cased, tags separated), fetched again for this mapping.
 */
import { Alert, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import type { ImportPreview } from "@prospector/contracts";
import { errorMessage } from "../../../../lib/errors.ts";
import { LoadingScreen } from "../../../../ui/loading-screen.tsx";
import { previewColumns } from "../../lib/import-mapping.ts";
import { fieldLabel } from "../../lib/lead-labels.ts";

export function PreviewStep({ preview, pending, error }: { preview: ImportPreview | undefined; pending: boolean; error: unknown }) {
  if (pending) return <LoadingScreen />;
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (!preview) return null;
  const rows = preview.rows;
  if (rows.length === 0) return <Typography>The file has a header row but no data rows.</Typography>;
  const columns = previewColumns(rows);
  return (
    <>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {`The first ${rows.length} rows as they will be imported.`}
      </Typography>
      <TableContainer sx={{ maxHeight: 380 }}>
        <Table size="small" stickyHeader aria-label="Import preview">
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c} sx={{ whiteSpace: "nowrap" }}>
                  {fieldLabel(c)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity but their position
              <TableRow key={r}>
                {columns.map((c) => (
                  <TableCell key={c} sx={{ maxWidth: 200, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
                    {row[c] ?? ""}
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
