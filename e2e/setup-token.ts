/**
 * The setup token of the e2e server (SETUP_TOKEN): the first sign-up of its fresh instance must
 * carry it, as a real operator's first sign-up carries the one printed in the console.
 */
export const E2E_SETUP_TOKEN = "e2e-setup-token-0123456789";
