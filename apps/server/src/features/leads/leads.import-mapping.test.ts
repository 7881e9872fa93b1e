import { escapeFormula } from "@prospector/contracts";
import { describe, expect, it } from "vitest";
import { applyMapping, autoMap } from "./leads.import-mapping.ts";

describe("automatic CSV header mapping", () => {
  it("maps LinkedIn Sales Navigator and Google Sheets style headers", () => {
    const nav = autoMap(["Full Name", "Job Title", "Company Name", "LinkedIn Profile URL", "Company Website", "Notes"]);
    expect(nav.mapping).toEqual({
      "Full Name": "full_name",
      "Job Title": "role",
      "Company Name": "company_name",
      "LinkedIn Profile URL": "linkedin_url",
      "Company Website": "website",
      Notes: "notes",
    });
    const sheets = autoMap(["first_name", "LAST NAME", "e-mail", "E-mail Address", "phone_number", "Tags", "Favourite colour"]);
    expect(sheets.mapping).toMatchObject({
      first_name: "first_name",
      "LAST NAME": "last_name",
      "e-mail": "email",
      phone_number: "phone",
      Tags: "tags",
    });
    // Each field is taken once: the second email column stays unmapped, like unknown headers.
    expect(sheets.unmapped).toEqual(["E-mail Address", "Favourite colour"]);
  });

  it("splits full names, tags and multi-address cells", () => {
    const mapping = { Name: "full_name", Email: "email", Labels: "tags", Last: "last_name" } as const;
    expect(
      applyMapping({ Name: "Mary Ann van Dyke", Email: "mary@x.test; other@x.test", Labels: "vip; q3,  ", Last: "" }, mapping),
    ).toEqual({
      first_name: "Mary",
      last_name: "Ann van Dyke",
      email: "mary@x.test",
      tags: ["vip", "q3"],
    });
    expect(applyMapping({ Name: "Mary Smith", Email: "", Labels: "", Last: "Jones" }, mapping)).toEqual({
      first_name: "Mary",
      last_name: "Jones",
    });
  });

  it("neutralises spreadsheet formulas", () => {
    for (const v of ["=1+1", "+1", "-1", "@cmd", "\tx", "\rx"]) expect(escapeFormula(v)).toBe(`'${v}`);
    expect(escapeFormula("Acme = good")).toBe("Acme = good");
  });
});
