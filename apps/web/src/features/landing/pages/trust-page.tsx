/**
 * /trust: what the landing page's compliance badges (CAN-SPAM, GDPR, CCPA, SOC 2) mean in this
 * product. (Skeleton: the page is being built; see docs/compliance.md.)
 */
import { Container, Typography } from "@mui/material";

export default function TrustPage() {
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <Typography variant="h1">Compliance and trust</Typography>
    </Container>
  );
}
