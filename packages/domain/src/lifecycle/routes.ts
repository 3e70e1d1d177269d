// The traveller's pages after the application (issue 10). They are outside the application
// journey (ROUTES), so they need no session and show no terms dialog.
export const STATUS_ROUTE = '/status';
export const VERIFY_ROUTE = '/verify';
/** A renewal link's page (issue 31): the token is in the fragment, never sent to a server log. */
export const RENEW_ROUTE = '/renew';
