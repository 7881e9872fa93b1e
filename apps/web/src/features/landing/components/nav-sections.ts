/** The landing page's sections, in order: the header's anchors, the phone menu and the scroll spy. */
export const NAV_SECTIONS = [
  { id: "features", label: "Features" },
  { id: "solutions", label: "Solutions" },
  { id: "pricing", label: "Pricing" },
  { id: "resources", label: "Resources" },
  { id: "company", label: "Company" },
] as const;
