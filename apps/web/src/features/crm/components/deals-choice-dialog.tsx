/**
 * Asked when customers about to be deleted still have deals (the server answered 409
 * CUSTOMER_HAS_DEALS): keep the deals without a customer, or delete them too. Nothing is left dangling.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import type { CustomerDealsPolicy } from "@prospector/contracts";

export function DealsChoiceDialog({
  open,
  what,
  busy,
  onChoose,
  onCancel,
}: {
  open: boolean;
  /** "Acme Corp" or "3 customers". */
  what: string;
  busy: boolean;
  onChoose: (policy: CustomerDealsPolicy) => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="deals-choice-title">
      <DialogTitle id="deals-choice-title">{`${what} ${what.match(/^\d+ /) ? "have" : "has"} deals`}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Detach keeps the deals on the board without a customer. Delete removes the deals, with their stage history, together with the
          customer.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={() => onChoose("detach")} disabled={busy}>
          Detach deals
        </Button>
        <Button color="error" variant="contained" onClick={() => onChoose("delete")} disabled={busy}>
          Delete deals too
        </Button>
      </DialogActions>
    </Dialog>
  );
}
