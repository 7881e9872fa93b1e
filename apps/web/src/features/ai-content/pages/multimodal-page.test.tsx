import type { MemoryLead, PersonalizedImage } from "@prospector/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { ME, me, mockServer, renderSignedIn } from "../../../test/kit.ts";
import MultimodalPage from "./multimodal-page.tsx";

const LEAD: MemoryLead = {
  id: "0190a000-0000-7000-8000-000000000001",
  name: "Grace Hopper",
  email: "grace@hopper.test",
  company: "Hopper Compilers",
};
const QUESTION = "Which personalized images can I put in front of this lead?";

const image = (over: Partial<PersonalizedImage> = {}): PersonalizedImage => ({
  id: "0190a000-0000-7000-8000-0000000000i1",
  lead_id: LEAD.id,
  template: "banner",
  width: 1200,
  height: 400,
  alt_text: "Banner for Hopper Compilers addressed to Grace",
  explanation: "The banner shows the lead's company name and first name.",
  ai_action_id: "0190a000-0000-7000-8000-0000000000a1",
  image_url: "/api/content/images/0190a000-0000-7000-8000-0000000000i1/png",
  public_url: "http://localhost:8000/i/tok",
  embed_html: '<img src="http://localhost:8000/i/tok" alt="Banner for Hopper Compilers addressed to Grace" width="600" height="200">',
  created_at: "2026-01-05T10:00:00.000Z",
  updated_at: "2026-01-05T10:00:00.000Z",
  ...over,
});

beforeAll(() => {
  // jsdom has no object URLs; the page only hands them to <img>.
  URL.createObjectURL = () => "blob:preview";
  URL.revokeObjectURL = () => {};
});

const pickLead = async () => {
  await userEvent.click(screen.getByLabelText("Lead"));
  await userEvent.click(await screen.findByRole("option", { name: /Grace Hopper/ }));
};

describe("/content/multimodal", () => {
  it("says how to get data when the workspace has no leads", async () => {
    mockServer({ "GET /api/auth/me": { body: ME }, "GET /api/memory/leads": { body: { items: [], next_cursor: null } } });
    renderSignedIn(<MultimodalPage />, { path: "/content/multimodal" });
    expect(await screen.findByRole("heading", { name: QUESTION })).toBeTruthy();
    expect(await screen.findByText("No leads yet")).toBeTruthy();
  });

  it("previews, generates, shows the images with alt text and embed HTML, revokes and deletes", async () => {
    let images: PersonalizedImage[] = [];
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/memory/leads": { body: { items: [LEAD], next_cursor: null } },
      "GET /api/content/images/preview": { body: "png", headers: { "content-type": "image/png" }, notFromApi: true },
      "GET /api/content/images": () => ({ body: { items: images, next_cursor: null } }),
      "POST /api/content/images": () => {
        images = [image()];
        return { status: 201, body: images[0] };
      },
      [`DELETE /api/content/images/${image().id}/public-link`]: () => {
        images = [image({ public_url: null, embed_html: null })];
        return { body: images[0] };
      },
      [`DELETE /api/content/images/${image().id}`]: () => {
        images = [];
        return { status: 204 };
      },
    });
    renderSignedIn(<MultimodalPage />, { path: "/content/multimodal" });
    expect(await screen.findByText("Pick a lead")).toBeTruthy();
    await pickLead();
    expect(await screen.findByText("No images for this lead yet")).toBeTruthy();
    const preview = await screen.findByRole("img", { name: "Preview of the banner for Grace Hopper" });
    expect(preview.getAttribute("src")).toBe("blob:preview");
    expect(s.to("GET", "/api/content/images/preview").at(-1)!.query.get("lead_id")).toBe(LEAD.id);

    await userEvent.click(screen.getByRole("button", { name: "Generate and keep" }));
    const card = await screen.findByRole("article");
    expect(s.to("POST", "/api/content/images")[0]!.body).toEqual({ lead_id: LEAD.id, template: "banner", options: {} });
    expect(within(card).getByRole("img", { name: image().alt_text }).getAttribute("src")).toBe("http://localhost:8000/i/tok");
    expect((within(card).getByLabelText("Embed HTML") as HTMLTextAreaElement).value).toContain('alt="Banner for Hopper Compilers');
    expect(within(card).getByRole("link", { name: "In the AI ledger" }).getAttribute("href")).toBe(
      `/ai-transparency?action=${image().ai_action_id}`,
    );

    await userEvent.click(within(card).getByRole("button", { name: "Revoke public link" }));
    expect(await screen.findByText(/The public link is revoked/)).toBeTruthy();

    await userEvent.click(within(screen.getByRole("article")).getByRole("button", { name: "Delete" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("No images for this lead yet")).toBeTruthy();
  });

  it("lets a viewer see images but not make or change them", async () => {
    mockServer({
      "GET /api/auth/me": { body: me({ permissions: ["leads:read"] }) },
      "GET /api/memory/leads": { body: { items: [LEAD], next_cursor: null } },
      "GET /api/content/images/preview": { body: "png", headers: { "content-type": "image/png" }, notFromApi: true },
      "GET /api/content/images": { body: { items: [image()], next_cursor: null } },
    });
    renderSignedIn(<MultimodalPage />, { path: "/content/multimodal" });
    await pickLead();
    await screen.findByRole("article");
    expect(screen.queryByRole("button", { name: "Generate and keep" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
    expect(screen.getByText("Generating images needs permission to update leads.")).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("button", { name: "Copy embed HTML" })).toBeTruthy());
  });
});
