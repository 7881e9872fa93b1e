import { describe, expect, it } from "vitest";
import { inbox } from "../../../test/kit.ts";
import { createBody, emptyInboxForm, formFromInbox, updateBody, validateInboxForm } from "./inbox-form.ts";

describe("inbox form", () => {
  it("names every missing or wrong field of a new inbox", () => {
    const v = emptyInboxForm();
    v.email = "not-an-address";
    v.smtp.port = "99999";
    v.imap.port = "abc";
    v.daily_limit = "0";
    const errors = validateInboxForm(v, { isNew: true });
    expect(errors.email).toBe("Enter a valid email address");
    expect(errors["smtp.host"]).toBe("Enter the server's host name");
    expect(errors["smtp.port"]).toBe("Port 1–65535");
    expect(errors["smtp.password"]).toBe("Enter the password (or app password)");
    expect(errors["imap.port"]).toBe("Port 1–65535");
    expect(errors.daily_limit).toBe("At least 1 per day");
  });

  it("accepts a complete SMTP-only inbox and sends imap null", () => {
    const v = emptyInboxForm();
    Object.assign(v, { email: "Sales@Acme.example", use_imap: false });
    Object.assign(v.smtp, { host: "smtp.acme.example", username: "sales", password: "secret" });
    expect(validateInboxForm(v, { isNew: true })).toEqual({});
    expect(createBody(v)).toMatchObject({
      smtp: { host: "smtp.acme.example", port: 587, password: "secret" },
      imap: null,
      daily_limit: 30,
    });
  });

  it("keeps saved passwords when editing leaves them empty", () => {
    const v = formFromInbox(inbox());
    expect(validateInboxForm(v, { isNew: false })).toEqual({});
    const body = updateBody(v);
    expect(body.smtp?.password).toBeUndefined();
    expect(body.imap?.password).toBeUndefined();
  });
});
