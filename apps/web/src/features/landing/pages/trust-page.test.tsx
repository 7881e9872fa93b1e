import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockServer, renderPage } from "../../../test/kit.ts";
import { LandingFooter } from "../components/landing-footer.tsx";
import TrustPage from "./trust-page.tsx";

describe("/trust", () => {
  it("the footer's badges each link to their own section of the trust page", () => {
    mockServer({});
    renderPage(<LandingFooter />);
    const badges = screen.getByLabelText("Compliance");
    const hrefs = ["CAN-SPAM", "GDPR", "CCPA", "SOC2"].map((b) =>
      within(badges)
        .getByRole("link", { name: `${b}: what Prospector does for it` })
        .getAttribute("href"),
    );
    expect(hrefs).toEqual(["/trust#canspam", "/trust#gdpr", "/trust#ccpa", "/trust#soc2"]);
  });

  it("says what each badge means here, and that a self-hosted install is not itself certified", () => {
    mockServer({});
    renderPage(<TrustPage />, { path: "/trust", at: "/trust#soc2" });
    expect(screen.getByRole("heading", { level: 1, name: "Compliance and trust" })).toBeTruthy();
    for (const [id, name] of [
      ["canspam", "CAN-SPAM"],
      ["gdpr", "GDPR"],
      ["ccpa", "CCPA"],
      ["soc2", "SOC 2"],
    ] as const) {
      const section = screen.getByRole("region", { name });
      expect(section.id).toBe(id);
      expect(within(section).getByRole("heading", { name: "What Prospector does" })).toBeTruthy();
      expect(within(section).getByRole("heading", { name: "What stays yours" })).toBeTruthy();
    }
    const soc2 = screen.getByRole("region", { name: "SOC 2" });
    expect(within(soc2).getByText(/not itself certified/)).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "CAN-SPAM" })).getByText(/postal address and footer text/)).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "GDPR" })).getByText(/salted hash/)).toBeTruthy();
  });
});
