/** What an e-mail address looks like to the sign-in forms (schemas.ts, and the login page's own check). */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
