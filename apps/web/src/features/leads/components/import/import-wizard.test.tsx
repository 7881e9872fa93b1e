import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { importJob, mockServer, renderSignedIn } from "../../../../test/kit.ts";
import { ImportWizard } from "./import-wizard.tsx";

afterEach(() => vi.unstubAllGlobals());

// The data grid and MUI dialogs are slow to render in jsdom on a busy machine: give each test room.
const HEAVY_RENDER_MS = 60_000;

const preview = {
  headers: ["First Name", "Email", "Company", "Favourite colour"],
  mapping: { "First Name": "first_name", Email: "email", Company: "company_name" },
  unmapped: ["Favourite colour"],
  rows: [
    { first_name: "Ada", email: "ada@analytical.io", company_name: "Analytical Engines" },
    { first_name: "Alan", email: "alan@bletchley.example", company_name: "Bletchley" },
  ],
};

const file = () =>
  new File(["First Name,Email,Company,Favourite colour\nAda,ada@analytical.io,Analytical Engines,green\n"], "apollo.csv", {
    type: "text/csv",
  });

describe("import wizard", { timeout: HEAVY_RENDER_MS }, () => {
  it("goes from upload to mapping, preview, duplicate policy, progress and the result", async () => {
    const started = importJob({ status: "queued", file_name: "apollo.csv" });
    let polls = 0;
    const s = mockServer({
      "POST /api/leads/import/preview": (req) =>
        req.form?.has("mapping")
          ? {
              body: {
                ...preview,
                rows: [{ first_name: "Ada", email: "ada@analytical.io", company_name: "Analytical Engines", tags: "green" }],
              },
            }
          : { body: preview },
      "POST /api/leads/import": { status: 202, body: started },
      // The job is half done at the first look, finished at the next.
      [`GET /api/leads/import-jobs/${started.id}`]: () =>
        ++polls === 1
          ? { body: { ...started, status: "running", progress: 50, processed_rows: 2, created: 1 } }
          : {
              body: {
                ...started,
                status: "completed",
                progress: 100,
                processed_rows: 3,
                created: 1,
                updated: 1,
                failed: 1,
                errors: [{ row: 3, field: "email", message: "Enter a valid email address" }],
              },
            },
    });
    const onFinished = vi.fn();
    renderSignedIn(<ImportWizard open onClose={() => {}} onFinished={onFinished} />, { path: "/" });

    await userEvent.upload(screen.getByLabelText("CSV file"), file());
    // The server's automatic mapping is preselected, the unknown column left out.
    expect(await screen.findByRole("table", { name: "Column mapping" })).toBeTruthy();
    expect(screen.getByText("3 of 4 columns were matched automatically", { exact: false })).toBeTruthy();
    expect(screen.getByLabelText("Field for Email").textContent).toBe("Email");
    expect(screen.getByLabelText("Field for Favourite colour").textContent).toBe("Don't import");
    expect(s.to("POST", "/api/leads/import/preview")[0]!.form?.get("file")).toBeInstanceOf(File);

    // Change one choice: the colour becomes a tag.
    await userEvent.click(screen.getByLabelText("Field for Favourite colour"));
    await userEvent.click(within(screen.getByRole("listbox")).getByRole("option", { name: "Tags" }));
    await userEvent.click(screen.getByRole("button", { name: "Next" }));

    const table = await screen.findByRole("table", { name: "Import preview" });
    // The preview is the server's reading with the chosen mapping.
    expect(JSON.parse(String(s.to("POST", "/api/leads/import/preview")[1]!.form?.get("mapping")))).toMatchObject({
      "Favourite colour": "tags",
    });
    expect(within(table).getByText("Tags")).toBeTruthy();
    expect(within(table).getByText("green")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));

    await userEvent.click(screen.getByLabelText(/Update existing leads/));
    await userEvent.click(screen.getByRole("button", { name: "Start import" }));

    const sent = s.to("POST", "/api/leads/import")[0]!.form!;
    expect(JSON.parse(String(sent.get("mapping")))).toEqual({
      "First Name": "first_name",
      Email: "email",
      Company: "company_name",
      "Favourite colour": "tags",
    });
    expect(sent.get("duplicate_policy")).toBe("update");
    expect((sent.get("file") as File).name).toBe("apollo.csv");

    // Progress while it runs, then the result.
    await waitFor(() => expect(screen.getByRole("progressbar", { name: "Import progress" }).getAttribute("aria-valuenow")).toBe("50"));
    expect(screen.getByText("Importing apollo.csv…")).toBeTruthy();
    expect(screen.getByText("50% · 2 rows read · 1 created")).toBeTruthy();
    expect(await screen.findByText(/Import finished: 3 rows read/)).toBeTruthy();
    const counts = screen.getByLabelText("Import counts");
    expect(within(counts).getByText("1 created")).toBeTruthy();
    expect(within(counts).getByText("1 updated")).toBeTruthy();
    expect(within(counts).getByText("1 failed")).toBeTruthy();
    expect(screen.getByText("Row 3: Enter a valid email address")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Download error report (CSV)" })).toBeTruthy();
  });

  it("does not go past the mapping while nothing identifies a lead", async () => {
    mockServer({
      "POST /api/leads/import/preview": { body: { ...preview, mapping: {}, unmapped: preview.headers } },
    });
    renderSignedIn(<ImportWizard open onClose={() => {}} onFinished={() => {}} />, { path: "/" });
    await userEvent.upload(screen.getByLabelText("CSV file"), file());
    expect(await screen.findByText(/Map at least one of email, name or company/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Next" }).hasAttribute("disabled")).toBe(true);
  });

  it("shows why an unreadable file was refused and stays on the upload step", async () => {
    mockServer({
      "POST /api/leads/import/preview": {
        status: 422,
        body: { code: "IMPORT_FILE_INVALID", detail: "The file is not a readable CSV with a header row" },
      },
    });
    renderSignedIn(<ImportWizard open onClose={() => {}} onFinished={() => {}} />, { path: "/" });
    await userEvent.upload(screen.getByLabelText("CSV file"), file());
    expect(await screen.findByText("apollo.csv: The file is not a readable CSV with a header row")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("table", { name: "Column mapping" })).toBeNull());
  });
});
