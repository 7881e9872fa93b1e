import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/errors.ts";
import { campaignActionErrorMessage, campaignListErrorMessage } from "./campaign-errors.ts";

const err = (status: number, detail?: string, extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) =>
  new ApiError({ type: status >= 500 ? "server" : "validation", message: "generic", retryable: false, status, detail, ...extra });

describe("campaign list error texts (§6, §8)", () => {
  it("maps 401, 403 with and without a token, and 500", () => {
    expect(campaignListErrorMessage(err(401), true)).toBe("Authentication required. Please log in again.");
    expect(campaignListErrorMessage(err(403), false)).toBe("Please log in to view campaigns.");
    expect(campaignListErrorMessage(err(403), true)).toBe("You do not have permission to view campaigns.");
    expect(campaignListErrorMessage(err(500, "boom"), true)).toBe("Server error occurred. Please try again later.");
  });
});

describe("campaign call error texts (§8)", () => {
  it("says 'Campaign not found' for a 404 and shows the server's 400 text", () => {
    expect(campaignActionErrorMessage(err(404, "whatever"), "pause campaign")).toBe("Campaign not found");
    expect(campaignActionErrorMessage(err(400, "Cannot delete active campaign"), "delete campaign")).toBe("Cannot delete active campaign");
    expect(campaignActionErrorMessage(err(400, "Campaign cannot be paused in current state"), "pause campaign")).toBe(
      "Campaign cannot be paused in current state",
    );
  });

  it("falls back to 'Failed to …' when the server gave no text", () => {
    expect(campaignActionErrorMessage(err(400), "stop campaign")).toBe("Failed to stop campaign");
    expect(campaignActionErrorMessage(new Error("x"), "launch campaign")).toBe("Failed to launch campaign");
  });

  it("uses the first field message of a 422 and the server-error line for a bare 500", () => {
    expect(
      campaignActionErrorMessage(err(422, "Validation failed", { errors: [{ field: "name", message: "Too long" }] }), "update campaign"),
    ).toBe("Too long");
    expect(campaignActionErrorMessage(err(500), "update campaign")).toBe("Server error occurred. Please try again later.");
  });
});
