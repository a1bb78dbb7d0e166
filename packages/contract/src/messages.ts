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
    updated: 'Settings updated successfully',
    unknownKey: (key: string) => `Unknown setting: ${key}`,
    latInvalid: 'Latitude must be a number between -90 and 90',
    lonInvalid: 'Longitude must be a number between -180 and 180',
    termInvalid: 'Terms must be 1 to 49 characters',
    unknownUnit: (key: string, value: string) => `${value} is not a known ${key.replace('_', ' ')}`,
  },

  vehicle: {
    referenceMax: 'Reference must be less than 50 characters',
    textMax: 'Must be at most 100 characters',
    yearInvalid: 'Enter a valid year',
    mileageInvalid: 'Mileage must be a number of at least 0',
    referenceTaken: 'A vehicle with this reference already exists.',
    formInvalid: 'Please fill the form correctly.',
  },

  driver: {
    hourlyRateInvalid: 'Hourly rate must be a number of at least 0.00',
    emailTaken: 'This e-mail is already used by another account.',
    vehicleUnknown: 'The chosen vehicle does not exist.',
    languageUnknown: 'The chosen language does not exist.',
    deleteQuestion: 'Are you sure you want to delete this User, This action cannot be undone!',
  },

  admin: {
    emailRequired: 'E-mail is required',
    passwordMin4: 'Minimum 4 Characters',
    passwordsDiffer: 'Passwords do not match.',
    added: 'User added successfully.',
    updated: 'Profile updated successfully.',
    deleted: 'User deleted successfully.',
    cannotArchiveSelf: 'You cannot delete your own account.',
  },

  tenant: {
    nameMax: 'Must be at most 100 characters',
    added: 'Tenant added successfully.',
    updated: 'Tenant updated successfully.',
    deleted: 'Tenant deleted successfully',
    typeUnknown: 'Unknown tenant type.',
  },

  places: {
    nameMax: 'Must be at most 200 characters',
    titleMax: 'Title must be less than 50 characters',
    timeStopInvalid: 'Enter a valid number (1-1440)',
    formInvalid: 'Please fill the form correctly.',
  },

  content: {
    emailInvalid: 'Enter a valid email address.',
    fullNameRequired: 'Full name is required.',
    telephoneRequired: 'Telephone is required.',
    companyRequired: 'Company is required.',
    messageRequired: 'Message is required.',
    formInvalid: 'Please fill in all required fields with valid information',
    sent: 'Your message has been sent successfully.',
    sendFailed: 'Sorry, there was an error. Please try again.',
    slugInvalid: 'Use lower-case letters, digits and single dashes',
    slugTaken: 'Another post already uses this slug.',
    imageUrlInvalid: 'Give an http(s) address or a path starting with /',
    dateInvalid: 'Give a date and time with its time zone',
    postNotFound: 'Blog post not found',
    noPosts: 'No Blog Posts Yet',
  },

  /** "Are you sure you want to delete this {thing}, This action cannot be undone!" (spec 001 §2). */
  deleteQuestion: (thing: string) =>
    `Are you sure you want to delete this ${thing}, This action cannot be undone!`,
} as const;
