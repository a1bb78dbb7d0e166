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
    geocoderOff:
      'Address search is not set up on this server. Pick the place on the map or type its coordinates.',
    geocoderFailed:
      'The address search service did not answer. Pick the place on the map or type its coordinates.',
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
    // The blog's status-based errors (spec 002 §8).
    blogUnavailable: 'The blog service is not available at the moment.',
    serverErrorTitle: 'Server Error',
    serverErrorText: 'Our servers are having trouble. Please try again later.',
    requestErrorTitle: 'Request Error',
    somethingWrong: 'Oops! Something Went Wrong',
    networkError: 'Network error. Please check your connection.',
  },

  trips: {
    nonNegative: 'Please enter a non-negative number',
    /** Trip save with a destination lacking a name (or a place): 'Fill the {destination term} correctly'. */
    destinationInvalid: (term: string) => `Fill the ${term} correctly`,
    destinationsRequired: (term: string) => `Add at least one ${term}`,
    pendingTasks: 'Cannot save destination with pending tasks. Please review the tasks.',
    destinationNameMissing: "Can't save destination (missing name)",
    dateInvalid: 'Give a date and time as YYYY-MM-DD HH:mm:ss (UTC)',
    dayInvalid: 'Dates must be YYYY-MM-DD or YYYY-MM-DD HH:mm:ss (UTC)',
    rangeInvalid: 'The end of the date range must not be before its start',
    driverUnavailable: 'The chosen driver does not exist or has been deleted.',
    originUnknown: 'The chosen origin does not exist.',
    typeUnknown: 'The chosen type does not exist.',
    destinationUnknown: 'A chosen destination does not exist.',
    taskUnknown: 'A task being edited does not belong to this trip.',
    stopUnknown: 'A stop being edited does not belong to this trip.',
    /** '{term} added successfully', '{term} updated successfully.', '{term} deleted successfully.' */
    added: (term: string) => `${term} added successfully`,
    updated: (term: string) => `${term} updated successfully.`,
    deleted: (term: string) => `${term} deleted successfully.`,
    fetchFailed: 'Failed to fetch trip details',
  },

  tripReport: {
    inProgress: 'Report generation already in progress...',
    generating: 'Generating trip report...',
    generated: 'Trip report generated successfully',
    popupBlocked: 'Trip report opened in current window (popup blocked)',
    urlMissing: 'Report URL not found in response',
    failed: (reason: string) => `Failed to generate report: ${reason}`,
    timedOut: 'Report generation timed out. Please try again.',
    fallback: "Can't get trip report",
    notEnded: 'the trip has not ended yet',
  },

  schedules: {
    endBeforeStart: 'The end date must be after the start date',
    repeatTypeInvalid: 'Choose daily, weekly or monthly',
    intervalInvalid: 'Repeat every 1 to 365 days, weeks or months',
    weekDaysInvalid: 'Week days are numbers from 1 (Monday) to 7 (Sunday)',
    timeZoneInvalid: 'Unknown time zone',
    added: 'Scheduled trip added successfully.',
    updated: 'Scheduled trip updated successfully.',
    deleted: 'Scheduled trip deleted successfully.',
  },

  /** "Are you sure you want to delete this {thing}, This action cannot be undone!" (spec 001 §2). */
  deleteQuestion: (thing: string) =>
    `Are you sure you want to delete this ${thing}, This action cannot be undone!`,
} as const;
