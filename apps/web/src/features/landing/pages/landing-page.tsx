/** The public landing page at / and /landing (shell spec §2). */
import Box from "@mui/material/Box";
import GlobalStyles from "@mui/material/GlobalStyles";
import { useSession } from "../../auth/api/use-session.ts";
import { CtaSection } from "../components/cta-section.tsx";
import { FeaturesSection } from "../components/features-section.tsx";
import { HeroSection } from "../components/hero-section.tsx";
import { LandingFooter } from "../components/landing-footer.tsx";
import { LandingHeader } from "../components/landing-header.tsx";
import { NAV_SECTIONS } from "../components/nav-sections.ts";
import { PricingSection } from "../components/pricing-section.tsx";
import { ResourcesSection } from "../components/resources-section.tsx";
import { ScrollToTopButton } from "../components/scroll-to-top-button.tsx";
import { SolutionsSection } from "../components/solutions-section.tsx";
import { TestimonialsSection } from "../components/testimonials-section.tsx";
import { useLandingScroll } from "../lib/use-landing-scroll.ts";
import { useReducedMotion } from "../lib/use-reduced-motion.ts";

const SECTION_IDS = NAV_SECTIONS.map((s) => s.id);

export default function LandingPage() {
  const { activeId, showScrollTop } = useLandingScroll(SECTION_IDS);
  const reduced = useReducedMotion();
  const session = useSession();
  return (
    <Box sx={{ bgcolor: "background.default", color: "text.primary", minHeight: "100vh" }}>
      <GlobalStyles styles={{ html: { scrollBehavior: reduced ? "auto" : "smooth" } }} />
      <LandingHeader activeId={activeId} signedIn={session.status === "authenticated"} />
      <main>
        <HeroSection />
        <FeaturesSection />
        <SolutionsSection />
        <PricingSection />
        <ResourcesSection />
        <TestimonialsSection />
        <CtaSection />
      </main>
      <LandingFooter />
      <ScrollToTopButton visible={showScrollTop} />
    </Box>
  );
}
