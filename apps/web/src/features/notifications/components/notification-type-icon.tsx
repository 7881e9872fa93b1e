/** The icon of a notification's type, used by the bell and the notifications page. */
import CheckCircleOutlined from "@mui/icons-material/CheckCircleOutlined";
import ErrorOutlineOutlined from "@mui/icons-material/ErrorOutlineOutlined";
import InfoOutlined from "@mui/icons-material/InfoOutlined";
import WarningAmberOutlined from "@mui/icons-material/WarningAmberOutlined";
import type { NotificationType } from "@prospector/contracts";

export function NotificationTypeIcon({ type }: { type: NotificationType }) {
  switch (type) {
    case "success":
      return <CheckCircleOutlined color="success" />;
    case "warning":
      return <WarningAmberOutlined color="warning" />;
    case "error":
      return <ErrorOutlineOutlined color="error" />;
    default:
      return <InfoOutlined color="info" />;
  }
}
