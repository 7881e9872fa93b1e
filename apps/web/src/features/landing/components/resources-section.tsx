/** Resources (#resources): short practical guides, expandable in place, and the API reference. */
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import Accordion from "@mui/material/Accordion";
import AccordionDetails from "@mui/material/AccordionDetails";
import AccordionSummary from "@mui/material/AccordionSummary";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { RESOURCES, SECTIONS } from "../content/landing-copy.ts";
import { LandingSection } from "./landing-section.tsx";

export function ResourcesSection() {
  return (
    <LandingSection
      id="resources"
      eyebrow={SECTIONS.resources.eyebrow}
      title={SECTIONS.resources.title}
      subtitle={SECTIONS.resources.subtitle}
      tinted
    >
      <Box sx={{ maxWidth: 860, mx: "auto" }}>
        {RESOURCES.map((r) => (
          <Accordion key={r.title} disableGutters variant="outlined" sx={{ "&:not(:last-of-type)": { borderBottom: 0 } }}>
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Box>
                <Typography variant="h6" component="h3" sx={{ fontWeight: 700, fontSize: "1.1rem" }}>
                  {r.title}
                </Typography>
                <Typography variant="body2" color="textSecondary">
                  {r.summary}
                </Typography>
              </Box>
            </AccordionSummary>
            <AccordionDetails>
              <Box component="ol" sx={{ m: 0, pl: 3, display: "grid", gap: 1 }}>
                {r.points.map((p) => (
                  <li key={p}>
                    <Typography>{p}</Typography>
                  </li>
                ))}
              </Box>
              {r.link && (
                <Button href={r.link.href} target="_blank" rel="noopener" endIcon={<OpenInNewIcon />} sx={{ mt: 2 }}>
                  {r.link.label}
                </Button>
              )}
            </AccordionDetails>
          </Accordion>
        ))}
      </Box>
    </LandingSection>
  );
}
