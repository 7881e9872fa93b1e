/** Tables of the team decision log (docs/team-decisions.md) (none yet). */
export {};
