/**
 * /content/multimodal: Which personalized images can I put in front of this lead?
 * Pick a lead and a template → an unsaved preview → generate (kept, explained, in the ledger) → the
 * lead's images with alt text and embed HTML (docs/ai/content.md).
 */

import { Box, Button, Card, CardContent, Grid, Stack, TextField, Typography } from "@mui/material";
import type { ImageTemplate, MemoryLead } from "@prospector/contracts";
import { useState } from "react";
import { usePermissions } from "../../../app/permissions/permission-provider.tsx";
import { errorMessage } from "../../../lib/errors.ts";
import { useDebounced } from "../../../lib/use-debounced.ts";
import { FilterSelect } from "../../../ui/filter-select.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useImageActions, useImages, usePreview } from "../api/use-images.ts";
import { useMemoryLeads } from "../api/use-memory.ts";
import { ImageCard } from "../components/image-card.tsx";
import { LeadPicker } from "../components/lead-picker.tsx";

const QUESTION = "Which personalized images can I put in front of this lead?";

const TEMPLATES = [
  { value: "banner", label: "Banner: company and first name" },
  { value: "website_card", label: "Your website card" },
] as const;

export default function MultimodalPage() {
  const [lead, setLead] = useState<MemoryLead | null>(null);
  const [template, setTemplate] = useState<ImageTemplate>("banner");
  const [headline, setHeadline] = useState("");
  const debouncedHeadline = useDebounced(headline.trim(), 400);
  const canEdit = usePermissions().can("leads:update");
  const toast = useToast();
  const anyLeads = useMemoryLeads("");
  const preview = usePreview(lead?.id ?? null, template, debouncedHeadline);
  const images = useImages(lead?.id ?? null);
  const { generate } = useImageActions();
  const list = images.data?.pages.flatMap((p) => p.items) ?? [];

  if (anyLeads.isSuccess && anyLeads.data.items.length === 0) {
    return (
      <Stack spacing={3}>
        <PageIntro question={QUESTION} />
        <EmptyState
          title="No leads yet"
          hint="Add or import leads on the Leads page: each image is drawn from a lead's company name, first name and website."
        />
      </Stack>
    );
  }

  const onGenerate = () =>
    lead &&
    generate.mutate(
      { lead_id: lead.id, template, options: debouncedHeadline ? { headline: debouncedHeadline } : {} },
      { onSuccess: () => toast.success("Image generated"), onError: (e) => toast.error(errorMessage(e)) },
    );

  return (
    <Stack spacing={3}>
      <PageIntro
        question={QUESTION}
        summary="Images drawn on this server from the lead's own data (no outside service), each with alt text and a link you can embed in an email."
      />
      <Stack direction="row" spacing={2} sx={{ flexWrap: "wrap", rowGap: 2, alignItems: "center" }}>
        <LeadPicker value={lead} onChange={setLead} />
        <FilterSelect
          label="Template"
          value={template}
          onChange={(v) => setTemplate(v as ImageTemplate)}
          options={TEMPLATES}
          minWidth={240}
        />
        <TextField
          size="small"
          label="Headline (optional)"
          value={headline}
          onChange={(e) => setHeadline(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
      </Stack>
      {!lead && <EmptyState title="Pick a lead" hint="Choose a lead to preview its images and see the ones already made for it." />}
      {lead && (
        <Card variant="outlined" component="section" aria-label="Preview">
          <CardContent>
            <Typography variant="subtitle1" component="h3">
              Preview (not saved)
            </Typography>
            {preview.isError && <LoadError error={preview.error} onRetry={() => preview.refetch()} />}
            <Box sx={{ mt: 1, maxWidth: 720, bgcolor: "action.hover", borderRadius: 1, minHeight: 120 }}>
              {preview.url && (
                <Box
                  component="img"
                  src={preview.url}
                  alt={`Preview of the ${template.replace("_", " ")} for ${lead.name}`}
                  sx={{ width: "100%", display: "block" }}
                />
              )}
            </Box>
            {canEdit ? (
              <Button variant="contained" sx={{ mt: 2 }} onClick={onGenerate} disabled={generate.isPending}>
                Generate and keep
              </Button>
            ) : (
              <Typography color="textSecondary" sx={{ mt: 2 }}>
                Generating images needs permission to update leads.
              </Typography>
            )}
          </CardContent>
        </Card>
      )}
      {lead && images.isError && <LoadError error={images.error} onRetry={() => images.refetch()} />}
      {lead && images.isSuccess && list.length === 0 && (
        <EmptyState
          title="No images for this lead yet"
          hint="Generate one from the preview above; it is kept here with its alt text and embed HTML."
        />
      )}
      {list.length > 0 && (
        <Grid container spacing={2} component="section" aria-label="Generated images">
          {list.map((img) => (
            <Grid key={img.id} size={{ xs: 12, md: 6 }}>
              <ImageCard key={`${img.id}:${img.updated_at}`} image={img} canEdit={canEdit} />
            </Grid>
          ))}
        </Grid>
      )}
      {images.hasNextPage && (
        <Button onClick={() => images.fetchNextPage()} disabled={images.isFetchingNextPage} sx={{ alignSelf: "flex-start" }}>
          Older images
        </Button>
      )}
    </Stack>
  );
}
