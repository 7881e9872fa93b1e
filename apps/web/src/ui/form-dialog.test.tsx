import { TextField } from "@mui/material";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { FormDialog } from "./form-dialog.tsx";

function renderDialog(props: { pending?: boolean; error?: string | null; pendingLabel?: string } = {}) {
  const onSubmit = vi.fn();
  const onClose = vi.fn();
  render(
    <FormDialog
      title="New thing"
      submitLabel="Create"
      pending={props.pending ?? false}
      pendingLabel={props.pendingLabel}
      error={props.error}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TextField label="Name" />
    </FormDialog>,
  );
  return { onSubmit, onClose };
}

describe("FormDialog", () => {
  it("is named by its title and submits from the button and from Enter in a field", async () => {
    const { onSubmit, onClose } = renderDialog();
    expect(screen.getByRole("dialog", { name: "New thing" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.type(screen.getByLabelText("Name"), "Acme{Enter}");
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole("alert")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows the general error above the buttons", () => {
    renderDialog({ error: "The workspace is archived" });
    expect(screen.getByRole("alert").textContent).toContain("The workspace is archived");
  });

  it("while pending: both buttons disabled, the pending label shown, Escape does not close", async () => {
    const { onClose } = renderDialog({ pending: true, pendingLabel: "Saving…" });
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Saving…" }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Cancel" }).disabled).toBe(true);
    await userEvent.keyboard("{Escape}");
    expect(onClose).not.toHaveBeenCalled();
  });
});
