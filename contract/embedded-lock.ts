/**
 * How the desktop app's main process and the embedded server it starts know each other (issue 13):
 * main makes a random secret per launch, hands it to the server in the environment (never on the
 * command line, never on disk) and adds it as this header to every request for the embedded server's
 * origin. A server started with the secret answers nothing else.
 */

/** The request header that carries the secret (lower case: how Node names incoming headers). */
export const EMBEDDED_SECRET_HEADER = 'x-embedded-secret';

/** The environment variable main hands the secret in. */
export const EMBEDDED_SECRET_ENV = 'EMBEDDED_SECRET';

/** Shorter than this is no secret: main sends 32 random bytes in base64url (43 characters). */
export const EMBEDDED_SECRET_MIN_LENGTH = 32;
