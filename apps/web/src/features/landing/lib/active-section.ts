/**
 * Which landing section the header highlights: the one whose bounds cross the 100 px line
 * below the top of the viewport (shell spec §2). Pure so it can be tested without layout.
 */

export const ACTIVE_LINE_PX = 100;

export interface SectionBounds {
  id: string;
  /** Distance from the viewport's top edge, as getBoundingClientRect gives it. */
  top: number;
  bottom: number;
}

export function activeSection(sections: readonly SectionBounds[], line = ACTIVE_LINE_PX): string | null {
  return sections.find((s) => s.top <= line && s.bottom > line)?.id ?? null;
}

/** Reads the live bounds of the sections with these ids (missing ones are skipped). */
export function measureSections(ids: readonly string[], doc: Document = document): SectionBounds[] {
  const bounds: SectionBounds[] = [];
  for (const id of ids) {
    const el = doc.getElementById(id);
    if (!el) continue;
    const rect = el.getBoundingClientRect();
    bounds.push({ id, top: rect.top, bottom: rect.bottom });
  }
  return bounds;
}

export const particleCount = (viewportWidth: number) => (viewportWidth < 768 ? 30 : 50);
