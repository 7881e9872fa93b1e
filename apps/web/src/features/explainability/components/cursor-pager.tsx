/** Previous / Next over a keyset list: the cursors already visited are kept, so Previous goes back exactly. */
import { Box, Button } from "@mui/material";
import { useState } from "react";

export function useCursorStack() {
  const [stack, setStack] = useState<string[]>([]);
  return {
    cursor: stack.at(-1),
    page: stack.length,
    next: (c: string) => setStack((s) => [...s, c]),
    previous: () => setStack((s) => s.slice(0, -1)),
    reset: () => setStack([]),
  };
}

export function CursorPager({ pager, nextCursor }: { pager: ReturnType<typeof useCursorStack>; nextCursor: string | null | undefined }) {
  if (!pager.page && !nextCursor) return null;
  return (
    <Box sx={{ display: "flex", gap: 1, justifyContent: "flex-end", alignItems: "center" }}>
      <Button size="small" disabled={!pager.page} onClick={pager.previous}>
        Previous
      </Button>
      <Button size="small" disabled={!nextCursor} onClick={() => nextCursor && pager.next(nextCursor)}>
        Next
      </Button>
    </Box>
  );
}
