/** /bulk-operations: What bulk changes are running or done, and can I undo them? (issue 15; the page is built by its feature's owner). */
import { Stack } from "@mui/material";
import { PageIntro } from "../../../ui/page-intro.tsx";

export default function BulkOperationsPage() {
  return (
    <Stack spacing={3}>
      <PageIntro question="What bulk changes are running or done, and can I undo them?" />
    </Stack>
  );
}
