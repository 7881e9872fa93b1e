import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lead, ME, mockServer, renderSignedIn, uuid } from "../../../test/kit.ts";
import { customer, deal, page, stage } from "../test/crm-builders.ts";
import { LeadConversion } from "./lead-conversion.tsx";

afterEach(() => vi.unstubAllGlobals());

const ada = lead({ id: uuid(1001), first_name: "Ada", last_name: "Lovelace", status: "replied" });
const qualified = stage({ id: uuid(1002), name: "Qualified" });

describe("Convert to customer (lead drawer)", { timeout: 60_000 }, () => {
  it("converts a lead that replied into a customer and a deal, sending the deal's fields", async () => {
    const made = customer({ id: uuid(1003), name: "Ada Lovelace", lead_id: ada.id, open_deals: 1, open_value: { USD: 5000 } });
    let converted = false;
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/crm/customers/": () => (converted ? page([made]) : page([])),
      "GET /api/crm/stages": { body: [qualified] },
      "POST /api/crm/convert-lead": () => {
        converted = true;
        return {
          status: 201,
          body: { customer: made, deal: deal({ name: "Analytical Engines deal", value: 5000, stage_id: qualified.id }), created: true },
        };
      },
    });
    renderSignedIn(<LeadConversion lead={ada} />, { path: "/leads" });
    expect(await screen.findByText("This lead replied: make it a customer with a deal.")).toBeTruthy();
    expect(s.to("GET", "/api/crm/customers/")[0]!.query.get("lead_id")).toBe(ada.id);
    await userEvent.click(screen.getByRole("button", { name: "Convert to customer" }));
    const dialog = await screen.findByRole("dialog", { name: "Convert Ada Lovelace to a customer" });
    await userEvent.type(within(dialog).getByLabelText("Value"), "-1");
    await userEvent.click(within(dialog).getByRole("button", { name: "Convert" }));
    expect(await within(dialog).findByText("The value cannot be negative")).toBeTruthy();
    expect(s.to("POST", "/api/crm/convert-lead")).toHaveLength(0);
    await userEvent.clear(within(dialog).getByLabelText("Value"));
    await userEvent.type(within(dialog).getByLabelText("Value"), "5000");
    await userEvent.click(within(dialog).getByRole("button", { name: "Convert" }));
    expect(await screen.findByText("Ada Lovelace is a customer, with the deal Analytical Engines deal")).toBeTruthy();
    expect(s.to("POST", "/api/crm/convert-lead")[0]!.body).toEqual({ lead_id: ada.id, deal: { value: 5000, currency: "USD" } });
    // Once converted, the drawer links to the customer instead of offering the conversion again.
    const link = await screen.findByRole("link", { name: "Ada Lovelace" });
    expect(link.getAttribute("href")).toBe(`/crm/customers?selected=${made.id}`);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Convert to customer" })).toBeNull());
  });

  it("shows the server's refusal in the dialog", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/crm/customers/": page([]),
      "GET /api/crm/stages": { body: [qualified] },
      "POST /api/crm/convert-lead": {
        status: 409,
        body: { code: "LEAD_ALREADY_CONVERTED", detail: "This lead is already converted to a customer" },
      },
    });
    renderSignedIn(<LeadConversion lead={ada} />, { path: "/leads" });
    await userEvent.click(await screen.findByRole("button", { name: "Convert to customer" }));
    const dialog = await screen.findByRole("dialog", { name: "Convert Ada Lovelace to a customer" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Convert" }));
    expect(await within(dialog).findByText("This lead is already converted to a customer")).toBeTruthy();
  });

  it("books a meeting with the lead, converted or not; the server picks the lead's campaign", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/crm/customers/": page([]),
      "GET /api/crm/stages": { body: [qualified] },
      "POST /api/crm/meetings": {
        status: 201,
        body: {
          interaction: {
            id: uuid(1010),
            subject: "Intro call",
            type: "meeting",
            date: "2026-12-02T09:30:00.000Z",
            description: null,
            notes: null,
            customer_id: null,
            deal_id: null,
            lead_id: ada.id,
            campaign_id: uuid(1011),
            source: "meeting",
            created_by: null,
            created_at: "2026-11-24T10:00:00.000Z",
            updated_at: "2026-11-24T10:00:00.000Z",
            related_label: "Ada Lovelace",
          },
          campaign_meeting: { campaign_id: uuid(1011), lead_id: ada.id, meeting_booked_at: "2026-11-24T10:00:00.000Z" },
        },
      },
    });
    renderSignedIn(<LeadConversion lead={ada} />, { path: "/leads" });
    await userEvent.click(await screen.findByRole("button", { name: "Book meeting" }));
    const dialog = await screen.findByRole("dialog", { name: "Book a meeting with Ada Lovelace" });
    await userEvent.type(within(dialog).getByLabelText(/^When/), "2026-12-02T09:30");
    await userEvent.type(within(dialog).getByLabelText("Subject"), "Intro call");
    await userEvent.click(within(dialog).getByRole("button", { name: "Book meeting" }));
    expect(await screen.findByText("Meeting booked")).toBeTruthy();
    expect(s.to("POST", "/api/crm/meetings")[0]!.body).toMatchObject({
      lead_id: ada.id,
      subject: "Intro call",
      date: new Date("2026-12-02T09:30").toISOString(),
    });
    expect(s.to("POST", "/api/crm/meetings")[0]!.body).not.toHaveProperty("campaign_id");
  });
});
