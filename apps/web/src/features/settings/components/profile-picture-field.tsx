/**
 * Profile picture upload and removal (outreach-core §5: under 5 MB, JPG/PNG/GIF). The browser
 * checks size and type first so a wrong file fails at once; the server re-checks the content and
 * its FILE_TOO_LARGE / INVALID_FILE_TYPE / UPLOAD_FAILED messages are shown here too.
 */
import DeleteOutline from "@mui/icons-material/DeleteOutlineOutlined";
import UploadOutlined from "@mui/icons-material/UploadOutlined";
import { Avatar, Box, Button, FormHelperText, Stack, Typography } from "@mui/material";
import { MAX_PROFILE_PICTURE_BYTES, settingsErrors } from "@prospector/contracts";
import { useRef, useState } from "react";
import { initials } from "../../../app/layout/use-profile-display.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useRemovePicture, useUploadPicture } from "../api/use-settings.ts";
import { formError } from "../lib/server-errors.ts";

export const PICTURE_TYPES = ["image/jpeg", "image/png", "image/gif"];

/** The browser's own check; the server still inspects the bytes. */
export function checkPicture(file: File): string | undefined {
  if (!PICTURE_TYPES.includes(file.type) && !/\.(jpe?g|png|gif)$/i.test(file.name)) return settingsErrors.INVALID_FILE_TYPE.detail;
  if (file.size >= MAX_PROFILE_PICTURE_BYTES) return settingsErrors.FILE_TOO_LARGE.detail;
  return undefined;
}

export function ProfilePictureField({ name, url, disabled }: { name: string; url: string | null; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadPicture();
  const remove = useRemovePicture();
  const toast = useToast();
  const [localError, setLocalError] = useState<string>();
  const error = localError ?? formError(upload.error) ?? formError(remove.error);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    upload.reset();
    const problem = checkPicture(file);
    setLocalError(problem);
    if (problem) return;
    upload.mutate(file, { onSuccess: () => toast.success("Profile picture updated") });
  };

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
      <Avatar
        src={url ?? undefined}
        alt={name ? `${name}'s profile picture` : "Profile picture"}
        sx={{ width: 72, height: 72, fontSize: 28 }}
      >
        {initials(name)}
      </Avatar>
      <Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
          <Button
            variant="outlined"
            startIcon={<UploadOutlined />}
            onClick={() => input.current?.click()}
            loading={upload.isPending}
            disabled={disabled}
          >
            Upload picture
          </Button>
          {url && (
            <Button
              color="error"
              startIcon={<DeleteOutline />}
              loading={remove.isPending}
              disabled={disabled}
              onClick={() => {
                setLocalError(undefined);
                upload.reset();
                remove.mutate(undefined, { onSuccess: () => toast.success("Profile picture removed") });
              }}
            >
              Remove
            </Button>
          )}
        </Stack>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/gif"
          hidden
          aria-label="Profile picture file"
          data-testid="picture-input"
          onChange={(e) => {
            onFile(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
        {error ? (
          <FormHelperText error role="alert">
            {error}
          </FormHelperText>
        ) : (
          <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 0.5 }}>
            JPG, PNG or GIF, under 5 MB.
          </Typography>
        )}
      </Box>
    </Stack>
  );
}
