/**
 * Every user-facing validation and error message of the specification, in one place.
 * Server validation and web forms both read them from here, so the wording never drifts.
 * Spelling errors of the original are corrected on purpose (DESIGN §7).
 */
export const MESSAGES = {
  required: 'Field is required',
  lessThan50: 'Must be less than 50 characters',
  emailInvalid: 'E-mail must be valid',
  passwordRequired: 'Password is required',
  passwordMin4: 'Minimum 4 characters',
  passwordMax10: 'Password must be less than 10 characters',
  formInvalid: 'Please fill the form correctly',

  login: {
    emailInvalid: 'Enter a valid e-mail address',
    passwordRequired: 'Password is required',
    passwordMax10: 'Password must be at most 10 characters',
    invalidCredentials: 'Invalid email or password.',
    internalError: 'Internal server error. Please try again.',
    tooManyAttempts: (minutes: number) =>
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    loggedOut: 'Signed out.',
    success: 'Signed in.',
  },

  auth: {
    unauthenticated: 'Sign in to continue.',
    forbiddenTenant: 'You do not have access to this tenant.',
    forbiddenRole: 'You do not have permission to do this.',
    crossOrigin: 'Cross-origin request refused.',
  },

  http: {
    badRequest: 'The request is not valid.',
    notFound: 'Not found.',
    routeNotFound: 'No such API route.',
    tooManyRequests: 'Too many requests. Try again later.',
    internal: 'Something went wrong on our side. Please try again.',
    payloadTooLarge: 'The request is too large.',
  },

  settings: {
    fetched: 'Settings loaded.',
  },
} as const;
