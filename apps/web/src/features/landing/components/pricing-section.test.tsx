import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/kit.ts";
import { PricingSection } from "./pricing-section.tsx";

const plan = (name: string) => screen.getByLabelText(`${name} plan`);

describe("pricing section", () => {
  it("starts on yearly billing with the discounted prices, the chip and the savings line", () => {
    renderPage(<PricingSection />);
    expect((screen.getByRole("switch", { name: "Bill yearly" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText("Save 20%")).toBeTruthy();
    expect(within(plan("Starter")).getByText("$960")).toBeTruthy();
    expect(within(plan("Starter")).getByText("Save $2,880/year")).toBeTruthy();
    expect(within(plan("Growth")).getByText("$2,000")).toBeTruthy();
    expect(within(plan("Growth")).getByText("Save $6,000/year")).toBeTruthy();
    expect(within(plan("Growth")).getByText("Most Popular")).toBeTruthy();
    expect(within(plan("Enterprise")).getByText("$4,000")).toBeTruthy();
    expect(within(plan("Enterprise")).getByText("Save $12,000/year")).toBeTruthy();
  });

  it("monthly billing shows list prices and no savings line", async () => {
    const user = userEvent.setup();
    renderPage(<PricingSection />);
    await user.click(screen.getByRole("switch", { name: "Bill yearly" }));
    expect(within(plan("Starter")).getByText("$1,200")).toBeTruthy();
    expect(within(plan("Growth")).getByText("$2,500")).toBeTruthy();
    expect(within(plan("Enterprise")).getByText("$5,000")).toBeTruthy();
    expect(screen.queryByText(/\/year$/)).toBeNull();
  });

  it("trial plans start the sign-up, Enterprise contacts sales; guarantees are listed", () => {
    renderPage(<PricingSection />);
    expect(within(plan("Starter")).getByRole("link", { name: "Start Free Trial" }).getAttribute("href")).toBe("/login?action=signup");
    expect(within(plan("Enterprise")).getByRole("link", { name: "Contact Sales" }).getAttribute("href")).toBe("/login?action=demo");
    expect(screen.getByText("30-day money-back guarantee")).toBeTruthy();
    expect(screen.getByText("24/7 support")).toBeTruthy();
  });
});
