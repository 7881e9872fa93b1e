/**
 * The boardroom's print stylesheet: A4, no side nav, top bar, buttons or chart/table switches, and
 * cards that do not split across pages. Scoped to print media, so the screen is untouched.
 */
import { GlobalStyles } from "@mui/material";

export function BoardroomPrintStyles() {
  return (
    <GlobalStyles
      styles={{
        "@media print": {
          "@page": { size: "A4", margin: "12mm" },
          "body, #root": { background: "#fff !important" },
          ".MuiDrawer-root, .MuiAppBar-root, nav, button, .MuiToggleButtonGroup-root, [data-print='hide']": {
            display: "none !important",
          },
          "main.MuiBox-root, main": { padding: "0 !important" },
          ".MuiCard-root": { breakInside: "avoid", boxShadow: "none !important" },
          "[data-print='only']": { display: "block !important" },
          ".MuiTableContainer-root": { maxHeight: "none !important", overflow: "visible !important" },
        },
      }}
    />
  );
}
