import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ME, mockServer, type Route, renderSignedIn, uuid } from "../../../test/kit.ts";
import { deal, overview, page, stage } from "../test/crm-builders.ts";
import DealsPage from "./deals-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const HEAVY_RENDER_MS = 60_000;

const qualified = stage({ id: uuid(401), name: "Qualified", position: 0, probability: 20 });
const proposal = stage({ id: uuid(402), name: "Proposal", position: 1, probability: 50 });
const won = stage({ id: uuid(403), name: "Won", position: 2, probability: 100, is_won: true });
const engine = deal({
  id: uuid(501),
  name: "Engine licence",
  value: 12000,
  stage_id: qualified.id,
  stage: "Qualified",
  customer_name: "Ada Lovelace",
});
const loom = deal({ id: uuid(502), name: "Loom upgrade", value: 3000, stage_id: qualified.id, stage: "Qualified", position: 2 });
const bombe = deal({
  id: uuid(503),
  name: "Bombe",
  value: 50000,
  currency: "EUR",
  stage_id: proposal.id,
  stage: "Proposal",
  effective_probability: 50,
});

const OVERVIEW = overview({
  stages: [
    {
      stage_id: qualified.id,
      name: "Qualified",
      probability: 20,
      count: 2,
      totals: [{ currency: "USD", value: 15000, weighted_value: 3000 }],
    },
    {
      stage_id: proposal.id,
      name: "Proposal",
      probability: 50,
      count: 1,
      totals: [{ currency: "EUR", value: 50000, weighted_value: 25000 }],
    },
  ],
});

/** The server's board: each stage's deals in order, changed by the moves it accepts. */
function board() {
  const byStage: Record<string, (typeof engine)[]> = { [qualified.id]: [engine, loom], [proposal.id]: [bombe], [won.id]: [] };
  const list: Route = (req) => {
    const stageId = req.query.get("stage_id");
    return page(stageId ? (byStage[stageId] ?? []) : Object.values(byStage).flat());
  };
  const moveTo = (dealId: string, stageId: string, name: string) => {
    const d = Object.values(byStage)
      .flat()
      .find((x) => x.id === dealId)!;
    for (const k of Object.keys(byStage)) byStage[k] = byStage[k]!.filter((x) => x.id !== dealId);
    const moved = { ...d, stage_id: stageId, stage: name };
    byStage[stageId]!.push(moved);
    return moved;
  };
  return { list, moveTo };
}

function server(extra: Record<string, Route> = {}, b = board()) {
  return mockServer({
    "GET /api/auth/me": { body: ME },
    "GET /api/crm/stages": { body: [qualified, proposal, won] },
    "GET /api/crm/overview": { body: OVERVIEW },
    "GET /api/crm/deals/": b.list,
    "GET /api/crm/tasks/": page([]),
    "GET /api/crm/interactions/": page([]),
    ...extra,
  });
}

const column = (name: RegExp) => screen.getByRole("region", { name });

describe("/crm/deals board", { timeout: HEAVY_RENDER_MS }, () => {
  it("shows a column per stage with its count and value, cards in board order, and the open pipeline's worth", async () => {
    const s = server();
    renderSignedIn(<DealsPage />, { path: "/crm/deals" });
    expect(await screen.findByText("Where is each open deal, and what is it worth?")).toBeTruthy();
    await screen.findByText("Loom upgrade");
    const q = column(/^Qualified: 2 deals/);
    expect(q.getAttribute("aria-label")).toContain("$15,000");
    const cards = within(within(q).getByRole("list")).getAllByRole("listitem");
    expect(cards.map((c) => within(c).getByRole("button", { name: /^Open/ }).textContent)).toEqual([
      expect.stringContaining("Engine licence"),
      expect.stringContaining("Loom upgrade"),
    ]);
    expect(column(/^Proposal: 1 deal,/).getAttribute("aria-label")).toContain("€50,000");
    expect(column(/^Won: 0 deals/)).toBeTruthy();
    expect(screen.getByText(/3 open deals worth \$15,000 · €50,000 \(weighted by probability: \$3,000 · €25,000\)/)).toBeTruthy();
    const asked = s.to("GET", "/api/crm/deals/").find((c) => c.query.get("stage_id") === qualified.id)!.query;
    expect(asked.get("sort")).toBe("position");
    expect(asked.get("order")).toBe("asc");
  });

  it("moves a card to another stage from its keyboard menu and tells the server where it landed", async () => {
    let moved: unknown;
    const b = board();
    const s = server(
      {
        [`POST /api/crm/deals/${engine.id}/move`]: (req) => {
          moved = req.body;
          return { body: b.moveTo(engine.id, proposal.id, "Proposal") };
        },
      },
      b,
    );
    renderSignedIn(<DealsPage />, { path: "/crm/deals" });
    await screen.findByText("Engine licence");
    const menuButton = screen.getByRole("button", { name: "Move Engine licence" });
    menuButton.focus();
    await userEvent.keyboard("{Enter}");
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "Move down" })).toBeTruthy();
    await userEvent.click(within(menu).getByRole("menuitem", { name: "Proposal" }));
    // The card is in its new column at once, before the server answers.
    await waitFor(() => expect(within(column(/^Proposal:/)).getByText("Engine licence")).toBeTruthy());
    await waitFor(() => expect(s.to("POST", `/api/crm/deals/${engine.id}/move`)).toHaveLength(1));
    expect(moved).toEqual({ stage_id: proposal.id, after_id: bombe.id, before_id: null });
  });

  it("puts the card back and says why when the server refuses the move", async () => {
    server({
      [`POST /api/crm/deals/${loom.id}/move`]: { status: 404, body: { code: "CRM_STAGE_NOT_FOUND", detail: "Stage not found" } },
    });
    renderSignedIn(<DealsPage />, { path: "/crm/deals" });
    await screen.findByText("Loom upgrade");
    await userEvent.click(screen.getByRole("button", { name: "Move Loom upgrade" }));
    await userEvent.click(within(await screen.findByRole("menu")).getByRole("menuitem", { name: "Won" }));
    expect(await screen.findByText("Loom upgrade went back: Stage not found")).toBeTruthy();
    await waitFor(() => expect(within(column(/^Qualified:/)).getByText("Loom upgrade")).toBeTruthy());
    expect(within(column(/^Won:/)).queryByText("Loom upgrade")).toBeNull();
  });

  it("reorders within a column: Move up sends the card above as its new neighbour", async () => {
    const s = server({ [`POST /api/crm/deals/${loom.id}/move`]: { body: { ...loom, position: 0 } } });
    renderSignedIn(<DealsPage />, { path: "/crm/deals" });
    await screen.findByText("Loom upgrade");
    await userEvent.click(screen.getByRole("button", { name: "Move Loom upgrade" }));
    await userEvent.click(within(await screen.findByRole("menu")).getByRole("menuitem", { name: "Move up" }));
    await waitFor(() => expect(s.to("POST", `/api/crm/deals/${loom.id}/move`)).toHaveLength(1));
    expect(s.to("POST", `/api/crm/deals/${loom.id}/move`)[0]!.body).toEqual({
      stage_id: qualified.id,
      after_id: null,
      before_id: engine.id,
    });
  });
});

describe("/crm/deals drag and drop, and stages", { timeout: HEAVY_RENDER_MS }, () => {
  it("drops a dragged card at the end of another column and saves the move", async () => {
    const b = board();
    const s = server({ [`POST /api/crm/deals/${loom.id}/move`]: () => ({ body: b.moveTo(loom.id, won.id, "Won") }) }, b);
    renderSignedIn(<DealsPage />, { path: "/crm/deals" });
    await screen.findByText("Loom upgrade");
    const dataTransfer = { setData: () => {}, getData: () => loom.id, effectAllowed: "", dropEffect: "" };
    const card = screen.getByRole("button", { name: "Open Loom upgrade" }).closest("[draggable]") as HTMLElement;
    fireEvent.dragStart(card, { dataTransfer });
    const target = column(/^Won:/);
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });
    await waitFor(() => expect(s.to("POST", `/api/crm/deals/${loom.id}/move`)).toHaveLength(1));
    expect(s.to("POST", `/api/crm/deals/${loom.id}/move`)[0]!.body).toEqual({ stage_id: won.id, after_id: null, before_id: null });
    await waitFor(() => expect(within(column(/^Won:/)).getByText("Loom upgrade")).toBeTruthy());
  });

  it("moves the card before the server answers (optimistic), and keeps it there once it does", async () => {
    const b = board();
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const hold = async () => {
      await answered;
      return { body: b.moveTo(bombe.id, won.id, "Won") };
    };
    server({ [`POST /api/crm/deals/${bombe.id}/move`]: hold }, b);
    renderSignedIn(<DealsPage />, { path: "/crm/deals" });
    await screen.findByText("Bombe");
    await userEvent.click(screen.getByRole("button", { name: "Move Bombe" }));
    await userEvent.click(within(await screen.findByRole("menu")).getByRole("menuitem", { name: "Won" }));
    // Still waiting for the server, the card is already in Won.
    await waitFor(() => expect(within(column(/^Won:/)).getByText("Bombe")).toBeTruthy());
    expect(within(column(/^Proposal:/)).queryByText("Bombe")).toBeNull();
    release();
    await waitFor(() => expect(column(/^Won: 1 deal,/)).toBeTruthy());
    expect(within(column(/^Won:/)).getByText("Bombe")).toBeTruthy();
  });

  it("reorders stages with their up and down buttons, sending every stage id in the new order", async () => {
    const s = server({
      "PUT /api/crm/stages/order": () => ({ body: [proposal, qualified, won].map((x, i) => ({ ...x, position: i })) }),
    });
    renderSignedIn(<DealsPage />, { path: "/crm/deals" });
    await screen.findByText("Loom upgrade");
    await userEvent.click(screen.getByRole("button", { name: "Stages" }));
    const dialog = await screen.findByRole("dialog", { name: "Pipeline stages" });
    expect((within(dialog).getByRole("button", { name: "Move Qualified up" }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(dialog).getByRole("button", { name: "Move Proposal up" }));
    await waitFor(() => expect(s.to("PUT", "/api/crm/stages/order")).toHaveLength(1));
    expect(s.to("PUT", "/api/crm/stages/order")[0]!.body).toEqual({ stage_ids: [proposal.id, qualified.id, won.id] });
  });

  it("shows the server's refusal to delete a stage that deals use, and checks a probability before saving", async () => {
    const s = server({
      [`DELETE /api/crm/stages/${qualified.id}`]: {
        status: 409,
        body: { code: "CRM_STAGE_IN_USE", detail: '2 deals are in the stage "Qualified": move them to another stage first' },
      },
      [`PUT /api/crm/stages/${proposal.id}`]: (req) => ({ body: { ...proposal, ...(req.body as object) } }),
    });
    renderSignedIn(<DealsPage />, { path: "/crm/deals" });
    await screen.findByText("Loom upgrade");
    await userEvent.click(screen.getByRole("button", { name: "Stages" }));
    const dialog = await screen.findByRole("dialog", { name: "Pipeline stages" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete Qualified" }));
    expect(await within(dialog).findByText('2 deals are in the stage "Qualified": move them to another stage first')).toBeTruthy();

    const probability = within(dialog).getByLabelText("Probability of Proposal");
    await userEvent.clear(probability);
    await userEvent.type(probability, "150");
    const row = probability.closest("li") as HTMLElement;
    await userEvent.click(within(row).getByRole("button", { name: "Save" }));
    expect(await within(row).findByText("At most 100")).toBeTruthy();
    expect(s.to("PUT", `/api/crm/stages/${proposal.id}`)).toHaveLength(0);
    await userEvent.clear(probability);
    await userEvent.type(probability, "55");
    await userEvent.click(within(row).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(s.to("PUT", `/api/crm/stages/${proposal.id}`)).toHaveLength(1));
    expect(s.to("PUT", `/api/crm/stages/${proposal.id}`)[0]!.body).toEqual({ name: "Proposal", probability: 55 });
  });
});

describe("/crm/deals table and drawer", { timeout: HEAVY_RENDER_MS }, () => {
  it("shows the table with ?view=table and filters by stage through the server", async () => {
    const s = server();
    const { router } = renderSignedIn(<DealsPage />, { path: "/crm/deals", at: `/crm/deals?view=table&stage_id=${proposal.id}` });
    expect(await screen.findByRole("grid", { name: "Deals" })).toBeTruthy();
    await waitFor(() =>
      expect(s.to("GET", "/api/crm/deals/").some((c) => c.query.get("stage_id") === proposal.id && c.query.get("limit") === "25")).toBe(
        true,
      ),
    );
    await userEvent.click(screen.getByRole("button", { name: "Board" }));
    expect(await screen.findByRole("region", { name: /^Qualified:/ })).toBeTruthy();
    expect(router.state.location.search).not.toContain("view=table");
  });

  it("opens the deal from ?selected with its stage history, and books a meeting for it", async () => {
    const s = server({
      [`GET /api/crm/deals/${bombe.id}`]: { body: bombe },
      [`GET /api/crm/deals/${bombe.id}/history`]: {
        body: [
          {
            id: uuid(601),
            from_stage_id: null,
            from_stage: null,
            to_stage_id: qualified.id,
            to_stage: "Qualified",
            changed_by: null,
            changed_at: "2026-11-01T09:00:00.000Z",
          },
          {
            id: uuid(602),
            from_stage_id: qualified.id,
            from_stage: "Qualified",
            to_stage_id: proposal.id,
            to_stage: "Proposal",
            changed_by: null,
            changed_at: "2026-11-10T09:00:00.000Z",
          },
        ],
      },
      "POST /api/crm/meetings": {
        status: 201,
        body: {
          interaction: {
            id: uuid(701),
            subject: "Demo",
            type: "meeting",
            date: "2026-12-01T10:00:00.000Z",
            description: null,
            notes: null,
            customer_id: null,
            deal_id: bombe.id,
            lead_id: null,
            campaign_id: null,
            source: "meeting",
            created_by: null,
            created_at: "2026-11-24T10:00:00.000Z",
            updated_at: "2026-11-24T10:00:00.000Z",
            related_label: "Bombe",
          },
          campaign_meeting: null,
        },
      },
    });
    renderSignedIn(<DealsPage />, { path: "/crm/deals", at: `/crm/deals?selected=${bombe.id}` });
    expect(await screen.findByRole("heading", { name: "Bombe" })).toBeTruthy();
    const history = await screen.findByRole("list", { name: "Stage history" });
    expect(within(history).getByText("Created in Qualified")).toBeTruthy();
    expect(within(history).getByText("Qualified → Proposal")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Book meeting" }));
    const dialog = await screen.findByRole("dialog", { name: "Book a meeting for Bombe" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Book meeting" }));
    // A meeting needs its date: refused before anything is sent.
    expect(await within(dialog).findByText(/Enter a date/)).toBeTruthy();
    expect(s.to("POST", "/api/crm/meetings")).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/^When/), "2026-12-01T10:00");
    await userEvent.type(within(dialog).getByLabelText("Subject"), "Demo");
    await userEvent.click(within(dialog).getByRole("button", { name: "Book meeting" }));
    await waitFor(() => expect(s.to("POST", "/api/crm/meetings")).toHaveLength(1));
    const body = s.to("POST", "/api/crm/meetings")[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ deal_id: bombe.id, subject: "Demo", date: new Date("2026-12-01T10:00").toISOString() });
    expect(await screen.findByText("Meeting booked")).toBeTruthy();
  });

  it("refuses a negative value on the deal form before sending and shows the server's error on the stage field", async () => {
    const s = server({
      "POST /api/crm/deals/": {
        status: 422,
        body: { code: "VALIDATION_FAILED", detail: "Invalid", errors: [{ field: "stage_id", message: "Unknown stage" }] },
      },
    });
    renderSignedIn(<DealsPage />, { path: "/crm/deals" });
    await screen.findByText("Loom upgrade");
    await userEvent.click(screen.getAllByRole("button", { name: "New deal" })[0]!);
    const dialog = await screen.findByRole("dialog", { name: "New deal" });
    await userEvent.type(within(dialog).getByLabelText(/^Deal name/), "Analytical engine");
    await userEvent.type(within(dialog).getByLabelText("Value"), "-5");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add deal" }));
    expect(await within(dialog).findByText("The value cannot be negative")).toBeTruthy();
    expect(s.to("POST", "/api/crm/deals/")).toHaveLength(0);
    await userEvent.clear(within(dialog).getByLabelText("Value"));
    await userEvent.type(within(dialog).getByLabelText("Value"), "2500");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add deal" }));
    expect(await within(dialog).findByText("Unknown stage")).toBeTruthy();
    expect(s.to("POST", "/api/crm/deals/")[0]!.body).toEqual({
      name: "Analytical engine",
      value: 2500,
      currency: "USD",
      stage_id: qualified.id,
    });
  });
});
