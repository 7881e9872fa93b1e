/** Solutions tab strip (#solutions): six audiences, each with a description, four bullets and a case study. */
import CheckIcon from "@mui/icons-material/Check";
import TrendingUpIcon from "@mui/icons-material/TrendingUp";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { SECTIONS, SOLUTIONS } from "../content/landing-copy.ts";
import { LandingSection } from "./landing-section.tsx";

export function SolutionsSection() {
  const [selected, setSelected] = useState(SOLUTIONS[0]!.id);
  const solution = SOLUTIONS.find((s) => s.id === selected) ?? SOLUTIONS[0]!;
  return (
    <LandingSection id="solutions" eyebrow={SECTIONS.solutions.eyebrow} title={SECTIONS.solutions.title} tinted>
      <Tabs
        value={selected}
        onChange={(_, id: string) => setSelected(id)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label="Audiences"
        sx={{ mb: 4, "& .MuiTabs-flexContainer": { justifyContent: { md: "center" } } }}
      >
        {SOLUTIONS.map((s) => (
          <Tab key={s.id} value={s.id} label={s.title} id={`solution-tab-${s.id}`} aria-controls={`solution-panel-${s.id}`} />
        ))}
      </Tabs>
      <Paper
        role="tabpanel"
        id={`solution-panel-${solution.id}`}
        aria-labelledby={`solution-tab-${solution.id}`}
        variant="outlined"
        sx={{ p: { xs: 3, md: 5 }, borderRadius: 2, display: "grid", gridTemplateColumns: { xs: "1fr", md: "3fr 2fr" }, gap: 4 }}
      >
        <Box>
          <Typography variant="h5" component="h3" sx={{ fontWeight: 700, mb: 1.5 }}>
            {solution.title}
          </Typography>
          <Typography color="textSecondary" sx={{ mb: 3 }}>
            {solution.description}
          </Typography>
          <Box
            component="ul"
            sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 1.5 }}
          >
            {solution.features.map((f) => (
              <Box component="li" key={f} sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
                <CheckIcon color="primary" fontSize="small" sx={{ mt: 0.25 }} />
                <Typography>{f}</Typography>
              </Box>
            ))}
          </Box>
        </Box>
        <Box
          sx={{
            p: 3,
            borderRadius: 1.5,
            color: "primary.contrastText",
            background: (t) => `linear-gradient(135deg, ${t.palette.primary.main}, ${t.palette.primary.dark})`,
            display: "flex",
            flexDirection: "column",
            justifyContent: "center",
          }}
        >
          <Typography variant="overline" sx={{ opacity: 0.85, fontWeight: 700 }}>
            Case study
          </Typography>
          <Typography sx={{ fontWeight: 600, mb: 1 }}>{solution.caseStudy.company}</Typography>
          <Box sx={{ display: "flex", gap: 1, alignItems: "center" }}>
            <TrendingUpIcon />
            <Typography variant="h6" component="p" sx={{ fontWeight: 800 }}>
              {solution.caseStudy.result}
            </Typography>
          </Box>
        </Box>
      </Paper>
    </LandingSection>
  );
}
