/** The campaign edit lock on /campaigns/{id}/edit: taken on open, someone else's blocks saving, released on leave. */
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TeamSocketProvider } from "../../../lib/use-socket.tsx";
import { campaign, ME, mockServer, renderSignedIn, uuid } from "../../../test/kit.ts";
import { installFakeSocket } from "../../team/components/presence-fake-socket.ts";
import CampaignEditPage from "./campaign-edit-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const draft = campaign({ id: uuid(401), name: "Founders", status: "draft" });
const resource = `campaign:${draft.id}`;
const ANA = { user_id: "018f0000-0000-7000-8000-00000000000a", name: "Ana Berg", since: "2026-11-24T09:30:00.000Z" };

/** The page inside the app's one socket, which outlives it (as the layout's does): "Leave" unmounts the page only. */
function Leavable() {
  const [shown, setShown] = useState(true);
  return (
    <>
      {shown && <CampaignEditPage />}
      <button type="button" onClick={() => setShown(false)}>
        Leave page
      </button>
    </>
  );
}

function render(routes: Parameters<typeof mockServer>[0] = {}) {
  const server = mockServer({
    "GET /api/auth/me": { body: ME },
    [`GET /api/campaigns/${draft.id}`]: { body: draft },
    ...routes,
  });
  const sockets = installFakeSocket();
  renderSignedIn(
    <TeamSocketProvider>
      <Leavable />
    </TeamSocketProvider>,
    { path: "/campaigns/:id/edit", at: `/campaigns/${draft.id}/edit?step=details` },
  );
  return { server, sockets };
}

const saveButton = () => screen.getByRole("button", { name: "Save and close" }) as HTMLButtonElement;

describe("campaign edit lock", () => {
  it("takes the lock on open; someone else's lock shows who and since when and disables Save until they let go", async () => {
    const { sockets } = render();
    await screen.findByRole("heading", { name: "Edit “Founders”" });
    const ws = sockets.latest();
    ws.open();
    await waitFor(() => expect(ws.sent("collaboration.lock")).toEqual([{ resource }]));

    ws.emit("error", {
      message: `${resource} is being edited by Ana Berg`,
      code: "RESOURCE_LOCKED",
      request_type: "collaboration.lock",
      resource,
      locked_by: ANA,
    });
    const banner = await screen.findByTestId("campaign-lock-banner");
    expect(banner.textContent).toMatch(/^Ana Berg is editing this campaign since .+; your changes cannot be saved until they finish\.$/);
    expect(saveButton().disabled).toBe(true);
    // The step's fields sit in a disabled fieldset: nothing typed there could be saved.
    expect(screen.getByLabelText(/Campaign name/).matches(":disabled")).toBe(true);

    // Ana leaves: the lock is free, the page asks for it again and gets it.
    ws.emit("collaboration.users", { workspace_id: ME.workspace.id, resource, users: [], lock: null });
    await waitFor(() => expect(ws.sent("collaboration.lock")).toHaveLength(2));
    ws.emit("collaboration.users", {
      workspace_id: ME.workspace.id,
      resource,
      users: [{ user_id: ME.id, name: ME.full_name }],
      lock: { user_id: ME.id, name: ME.full_name, since: new Date().toISOString() },
    });
    await waitFor(() => expect(screen.queryByTestId("campaign-lock-banner")).toBeNull());
    expect(saveButton().disabled).toBe(false);
  });

  it("the same person's other tab, or a lock the server will not give, only informs: Save stays enabled", async () => {
    const { sockets } = render();
    await screen.findByRole("heading", { name: "Edit “Founders”" });
    const ws = sockets.latest();
    ws.open();
    await waitFor(() => expect(ws.sent("collaboration.lock")).toHaveLength(1));
    ws.emit("error", {
      message: `${resource} is being edited by ${ME.full_name}`,
      code: "RESOURCE_LOCKED",
      request_type: "collaboration.lock",
      resource,
      locked_by: { user_id: ME.id, name: ME.full_name, since: ANA.since },
    });
    expect(await screen.findByText(/You are also editing this campaign in another tab or window/)).toBeTruthy();
    expect(screen.queryByTestId("campaign-lock-banner")).toBeNull();
    expect(saveButton().disabled).toBe(false);

    ws.emit("error", {
      message: "Too many locks: you can hold at most 10 at a time. Unlock something first.",
      code: "TOO_MANY_LOCKS",
      request_type: "collaboration.lock",
      resource,
    });
    expect(await screen.findByText(/could not be reserved for you \(Too many locks/)).toBeTruthy();
    expect(saveButton().disabled).toBe(false);
  });

  it("shows who else is on the page", async () => {
    const { sockets } = render();
    await screen.findByRole("heading", { name: "Edit “Founders”" });
    const ws = sockets.latest();
    ws.open();
    await waitFor(() => expect(ws.sent("collaboration.subscribe")).toEqual([{ resource }]));
    ws.emit("collaboration.users", {
      workspace_id: ME.workspace.id,
      resource,
      users: [
        { user_id: ME.id, name: ME.full_name },
        { user_id: ANA.user_id, name: ANA.name },
      ],
      lock: { user_id: ME.id, name: ME.full_name, since: new Date().toISOString() },
    });
    expect(await screen.findByRole("group", { name: "Also here: Ana Berg (viewing)" })).toBeTruthy();
    expect(screen.getAllByTestId("presence-avatar")).toHaveLength(1);
  });

  it("a save refused with 423 CAMPAIGN_LOCKED shows the same banner and stays on the page", async () => {
    const { server } = render({
      [`PUT /api/campaigns/${draft.id}`]: {
        status: 423,
        body: { detail: "Ana Berg is editing this campaign; try again when they are done", code: "CAMPAIGN_LOCKED", locked_by: ANA },
      },
    });
    const name = await screen.findByLabelText(/Campaign name/);
    await userEvent.type(name, " 2");
    await userEvent.click(saveButton());
    const banner = await screen.findByTestId("campaign-lock-banner");
    expect(banner.textContent).toContain("Ana Berg is editing this campaign since");
    expect(server.to("PUT", `/api/campaigns/${draft.id}`)).toHaveLength(1);
    expect(saveButton().disabled).toBe(true);
    expect(screen.queryByTestId("location")).toBeNull();
  });

  it("releases the lock it holds when the page closes", async () => {
    const { sockets } = render();
    await screen.findByRole("heading", { name: "Edit “Founders”" });
    const ws = sockets.latest();
    ws.open();
    await waitFor(() => expect(ws.sent("collaboration.lock")).toHaveLength(1));
    ws.emit("collaboration.users", {
      workspace_id: ME.workspace.id,
      resource,
      users: [{ user_id: ME.id, name: ME.full_name }],
      lock: { user_id: ME.id, name: ME.full_name, since: new Date().toISOString() },
    });
    await userEvent.click(screen.getByRole("button", { name: "Leave page" }));
    expect(screen.queryByRole("heading", { name: "Edit “Founders”" })).toBeNull();
    await waitFor(() => expect(ws.sent("collaboration.unlock")).toEqual([{ resource }]));
  });
});
