/**
 * What /content/multimodal reads and does (docs/ai/content.md): a lead's personalized images (keyset
 * pages), the unsaved preview, generating, alt text, the public link and deleting. Keys live under
 * ["content-images"], so every change reads the list again.
 */
import type { ImagePage, ImageTemplate, PersonalizedImage } from "@prospector/contracts";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api } from "../../../lib/api-client.ts";

export const imageKeys = {
  all: ["content-images"] as const,
  list: (leadId: string) => ["content-images", "list", leadId] as const,
  preview: (leadId: string, template: ImageTemplate, headline: string) =>
    ["content-images", "preview", leadId, template, headline] as const,
};

export function useImages(leadId: string | null) {
  return useInfiniteQuery({
    queryKey: imageKeys.list(leadId ?? ""),
    queryFn: ({ signal, pageParam }) =>
      api.get<ImagePage>("/content/images", { params: { lead_id: leadId ?? undefined, limit: 12, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: Boolean(leadId),
  });
}

/** An object URL for a PNG the API serves only to members (revoked when it changes or unmounts). */
function useBlobUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  return url;
}

export function usePreview(leadId: string | null, template: ImageTemplate, headline: string) {
  const query = useQuery({
    queryKey: imageKeys.preview(leadId ?? "", template, headline),
    queryFn: ({ signal }) =>
      api.getBlob("/content/images/preview", {
        params: { lead_id: leadId ?? undefined, template, headline: headline || undefined },
        signal,
      }),
    enabled: Boolean(leadId),
    staleTime: 60_000,
  });
  return { ...query, url: useBlobUrl(query.data) };
}

/** The stored PNG through the session (for images whose public link was revoked). */
export function useImageUrl(image: PersonalizedImage) {
  const query = useQuery({
    queryKey: ["content-images", "png", image.id],
    queryFn: ({ signal }) => api.getBlob(image.image_url.replace(/^\/api/, ""), { signal }),
    enabled: !image.public_url,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const blobUrl = useBlobUrl(query.data);
  return image.public_url ?? blobUrl;
}

export function useImageActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["content-images", "list"] });
  return {
    generate: useMutation({
      mutationFn: (input: { lead_id: string; template: ImageTemplate; options: { headline?: string } }) =>
        api.post<PersonalizedImage>("/content/images", input),
      onSuccess: refresh,
    }),
    updateAlt: useMutation({
      mutationFn: (v: { id: string; alt_text: string }) =>
        api.patch<PersonalizedImage>(`/content/images/${v.id}`, { alt_text: v.alt_text }),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (id: string) => api.delete<PersonalizedImage>(`/content/images/${id}/public-link`),
      onSuccess: refresh,
    }),
    relink: useMutation({
      mutationFn: (id: string) => api.post<PersonalizedImage>(`/content/images/${id}/public-link`),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete<void>(`/content/images/${id}`),
      onSuccess: refresh,
    }),
  };
}
