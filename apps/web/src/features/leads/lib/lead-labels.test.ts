import { describe, expect, it } from "vitest";
import { provenanceSource } from "./lead-labels.ts";

describe("provenanceSource", () => {
  it("says in words where a value came from, and when a name was only guessed from the address", () => {
    expect(provenanceSource("website_crawler")).toBe("a website crawl");
    expect(provenanceSource("website_crawler (name guessed from email)")).toBe(
      "a website crawl (name guessed from the email address, not seen on the site)",
    );
    expect(provenanceSource("some_new_source")).toBe("some new source");
  });
});
