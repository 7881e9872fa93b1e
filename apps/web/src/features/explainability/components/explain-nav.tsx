/** The links between the explainability pages and /ai-transparency. */
import { Tab, Tabs } from "@mui/material";
import { Link as RouterLink, useLocation } from "react-router";

const PAGES = [
  { to: "/explainability", label: "How models decide" },
  { to: "/explainability/patterns", label: "Patterns" },
  { to: "/explainability/recommendations", label: "Recommendations" },
  { to: "/explainability/performance", label: "Performance" },
  { to: "/ai-transparency", label: "Why one output" },
];

export function ExplainNav() {
  const { pathname } = useLocation();
  const current = PAGES.find((p) => p.to === pathname)?.to ?? false;
  return (
    <Tabs value={current} variant="scrollable" aria-label="Explainability pages">
      {PAGES.map((p) => (
        <Tab key={p.to} value={p.to} label={p.label} component={RouterLink} to={p.to} />
      ))}
    </Tabs>
  );
}
