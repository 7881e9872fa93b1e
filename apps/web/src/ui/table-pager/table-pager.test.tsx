import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect, useState } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { TablePager } from "./table-pager.tsx";
import { usePager } from "./use-pager.ts";

/** What each committed render would have asked the server for. */
let asked: { filter: string; page: number; perPage: number }[] = [];

function PagedTable({ total, perPageOptions }: { total: number; perPageOptions?: readonly number[] }) {
  const [filter, setFilter] = useState("");
  const pager = usePager({ perPageOptions, resetKeys: [filter] });
  useEffect(() => {
    asked.push({ filter, page: pager.page, perPage: pager.perPage });
  });
  return (
    <>
      <input aria-label="Filter" value={filter} onChange={(e) => setFilter(e.target.value)} />
      <TablePager pager={pager} count={total} />
    </>
  );
}

const next = () => userEvent.click(screen.getByRole("button", { name: "Go to next page" }));
const rows = (text: string) => expect(screen.getByText(text)).toBeTruthy();

beforeEach(() => {
  asked = [];
});

describe("TablePager with usePager", () => {
  it("starts on the first page at the first size and moves page by page", async () => {
    render(<PagedTable total={95} />);
    rows("1–20 of 95");
    expect(screen.getByRole("button", { name: "Go to previous page" }).hasAttribute("disabled")).toBe(true);
    await next();
    await next();
    rows("41–60 of 95");
    await userEvent.click(screen.getByRole("button", { name: "Go to previous page" }));
    rows("21–40 of 95");
    expect(asked.at(-1)).toEqual({ filter: "", page: 1, perPage: 20 });
  });

  it("offers 20, 50 and 100 rows and goes back to the first page on a new size", async () => {
    render(<PagedTable total={95} />);
    await next();
    await userEvent.click(screen.getByRole("combobox", { name: "Rows per page:" }));
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["20", "50", "100"]);
    await userEvent.click(screen.getByRole("option", { name: "50" }));
    rows("1–50 of 95");
    expect(asked.at(-1)).toEqual({ filter: "", page: 0, perPage: 50 });
  });

  it("goes back to the first page when a filter changes, without ever asking for the new filter at the old page", async () => {
    const view = render(<PagedTable total={95} />);
    await next();
    rows("21–40 of 95");
    // A new total with the same filter keeps the page.
    view.rerender(<PagedTable total={96} />);
    rows("21–40 of 96");
    await userEvent.type(screen.getByLabelText("Filter"), "ad");
    rows("1–20 of 96");
    expect(asked.filter((a) => a.filter !== "" && a.page !== 0)).toEqual([]);
    expect(asked.at(-1)).toEqual({ filter: "ad", page: 0, perPage: 20 });
    // The pager still pages under the new filter.
    await next();
    rows("21–40 of 96");
  });

  it("hides the rows-per-page select when the table has one size", async () => {
    render(<PagedTable total={60} perPageOptions={[25]} />);
    rows("1–25 of 60");
    expect(screen.queryByRole("combobox")).toBeNull();
    await next();
    rows("26–50 of 60");
  });

  it("refuses a table with no page size", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<PagedTable total={10} perPageOptions={[]} />)).toThrow("usePager needs at least one page size in perPageOptions");
  });
});
