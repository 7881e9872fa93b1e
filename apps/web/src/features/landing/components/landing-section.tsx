/** A landing section: anchor target below the sticky header, consistent spacing and headings. */
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { FadeIn } from "./fade-in.tsx";

export const HEADER_HEIGHT_PX = 64;

interface Props {
  id: string;
  eyebrow?: string;
  title: string;
  subtitle?: string;
  tinted?: boolean;
  children: ReactNode;
}

export function LandingSection({ id, eyebrow, title, subtitle, tinted, children }: Props) {
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      sx={{ scrollMarginTop: `${HEADER_HEIGHT_PX}px`, py: { xs: 8, md: 12 }, bgcolor: tinted ? "action.hover" : "transparent" }}
    >
      <Container maxWidth="lg">
        <FadeIn>
          <Box sx={{ textAlign: "center", maxWidth: 720, mx: "auto", mb: { xs: 5, md: 7 } }}>
            {eyebrow && (
              <Typography variant="overline" color="primary" sx={{ fontWeight: 700, letterSpacing: 1.5 }}>
                {eyebrow}
              </Typography>
            )}
            <Typography id={`${id}-title`} variant="h3" component="h2" sx={{ fontWeight: 800, fontSize: { xs: "2rem", md: "2.75rem" } }}>
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="h6" component="p" color="textSecondary" sx={{ mt: 2, fontWeight: 400 }}>
                {subtitle}
              </Typography>
            )}
          </Box>
          {children}
        </FadeIn>
      </Container>
    </Box>
  );
}
