import { POSITION_LIMITS as FIX } from './position-limits.ts';

/**
 * Every user-facing validation and error message of the specification, in one place.
 * Server validation and web forms both read them from here, so the wording never drifts.
 * Spelling errors of the original are corrected on purpose (DESIGN §7).
 */
export const MESSAGES = {
  required: 'Field is required',
  lessThan50: 'Must be less than 50 characters',
  emailInvalid: 'E-mail must be valid',
  /** A real date outside the years the product takes (DATE_YEARS). */
  dateYears: 'Dates must fall within the years 2000 to 2099.',
  passwordRequired: 'Password is required',
  formInvalid: 'Please fill the form correctly',

  login: {
    emailInvalid: 'Enter a valid e-mail address',
    passwordRequired: 'Password is required',
    invalidCredentials: 'Invalid email or password.',
    internalError: 'Internal server error. Please try again.',
    tooManyAttempts: (minutes: number) =>
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    accountSlowed: (seconds: number) =>
      `Too many failed sign-ins for this account. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    addressSlowed: (seconds: number) =>
      `Too many failed sign-ins from your address. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    loggedOut: 'Signed out.',
    success: 'Signed in.',
    /** The same e-mail and password open accounts of several organisations: none is picked for the user. */
    severalOrganisations:
      'This e-mail and password sign in to more than one organisation. Ask an administrator to give one of the accounts another password.',
  },

  /** A password a user chooses (admins, drivers): OWASP ASVS length rule, no composition rules. */
  password: {
    tooShort: (min: number) => `Use at least ${min} characters`,
    tooLong: (max: number) => `Use at most ${max} characters`,
    tooCommon: 'This password is too common. Choose another one.',
    /** A password the strength estimate finds easy to guess, with its reason (a sentence). */
    tooWeak: (reason: string) => `This password is too easy to guess. ${reason}`,
    /** The reason when it is made of the account's e-mail, name or organisation name. */
    fromAccount: "It is made of the account's e-mail, name or organisation name.",
    /** The reason when the estimate names no pattern: the password is simply short and plain. */
    addWords: 'Add more words that are less common.',
    hint: (min: number) => `At least ${min} characters, hard to guess, not the name or e-mail`,
  },

  auth: {
    unauthenticated: 'Sign in to continue.',
    forbiddenTenant: 'You do not have access to this tenant.',
    forbiddenRole: 'You do not have permission to do this.',
    crossOrigin: 'Cross-origin request refused.',
  },

  /** The live event stream (`GET /api/v1/events`). */
  live: {
    notAcceptable: 'This is an event stream: ask for it with Accept: text/event-stream.',
    tooManyStreams: 'Too many open event streams for this tenant. Try again later.',
    shuttingDown: 'The server is restarting. Reconnect in a few seconds.',
  },

  http: {
    badRequest: 'The request is not valid.',
    notFound: 'Not found.',
    routeNotFound: 'No such API route.',
    tooManyRequests: 'Too many requests. Try again later.',
    internal: 'Something went wrong on our side. Please try again.',
    payloadTooLarge: 'The request is too large.',
    unstorableText: 'Text may not contain the NUL character (U+0000).',
    /** A JSON body nested deeper than the server reads. */
    tooDeep: (levels: number) => `The request is nested too deeply (at most ${levels} levels).`,
    /** A JSON body naming `__proto__` or `constructor.prototype`, which could reshape the server's objects. */
    forbiddenKey: 'The request may not contain the keys __proto__ or constructor.prototype.',
    invalidJson: 'The request body is not valid JSON.',
    /** The body came too slowly: the request is cut so that slow clients cannot hold the server. */
    bodyTooSlow: 'The request took too long to arrive. Please try again.',
    /** One address holds too many connections at once. */
    tooManyConnections: 'Too many connections from your address at once. Please try again shortly.',
    conflict: 'This record conflicts with an existing one.',
    referenceConflict: 'This record refers to something that was removed, or is still in use elsewhere.',
    /** The database cannot be reached for a moment (a restart, a failover, a dropped connection). */
    databaseUnavailable: 'The database is not reachable at the moment. Please try again shortly.',
    /** Uploaded files cannot be stored for a moment (the disk or the bucket refused the write). */
    storageUnavailable:
      'The file could not be stored at the moment. Nothing was saved; please try again shortly.',
  },

  settings: {
    fetched: 'Settings loaded.',
    updated: 'Settings updated successfully',
    booleanInvalid: (key: string) => `${key} must be true or false`,
    unknownKey: (key: string) => `Unknown setting: ${key}`,
    latInvalid: 'Latitude must be a number between -90 and 90',
    lonInvalid: 'Longitude must be a number between -180 and 180',
    thresholdInvalid: (label: string, min: number, max: number) =>
      `${label} must be a number from ${min} to ${max}`,
    termInvalid: 'Terms must be 1 to 49 characters',
    unknownUnit: (key: string, value: string) => `${value} is not a known ${key.replace('_', ' ')}`,
    /** The monthly finance summary is e-mailed to the finance address: it cannot be on without one. */
    financeMonthlyNeedsEmail:
      "Enter a finance e-mail before turning on the monthly e-mail of last month's finance summary.",
    financeMonthlyTypeInvalid: 'finance_monthly_type must be 1 (PDF) or 2 (Excel)',
  },

  vehicle: {
    referenceMax: 'Reference must be less than 50 characters',
    textMax: 'Must be at most 100 characters',
    yearInvalid: 'Enter a valid year',
    mileageInvalid: 'Mileage must be a number of at least 0',
    referenceTaken: 'A vehicle with this reference already exists.',
    formInvalid: 'Please fill the form correctly.',
    added: 'Vehicle added successfully.',
    updated: 'Vehicle updated successfully.',
    deleted: 'Vehicle deleted successfully.',
  },

  driver: {
    hourlyRateInvalid: 'Hourly rate must be a number of at least 0.00',
    emailTaken: 'This e-mail is already used by another account.',
    vehicleUnknown: 'The chosen vehicle does not exist.',
    languageUnknown: 'The chosen language does not exist.',
    deleteQuestion: 'Are you sure you want to delete this User, This action cannot be undone!',
    added: 'Driver added successfully.',
    updated: 'Driver updated successfully.',
    deleted: 'Driver deleted successfully.',
  },

  /** A GPS fix, from any source: each message names the field as the sender's protocol calls it. */
  position: {
    latInvalid: (field: string) => `${field} must be a latitude from -90 to 90`,
    lonInvalid: (field: string) => `${field} must be a longitude from -180 to 180`,
    timeInvalid: (field: string) =>
      `${field} must be a date and time (ISO 8601 with its offset, or UTC YYYY-MM-DD HH:mm:ss)`,
    timeInFuture: (field: string) =>
      `${field} is more than ${FIX.futureMinutes} minutes ahead of the server's clock`,
    timeTooOld: (field: string, days: number) => `${field} is older than the ${days} days positions are kept`,
    speedInvalid: (field: string) => `${field} must be from 0 to ${FIX.speedMax} km/h`,
    courseInvalid: (field: string) => `${field} must be from 0 to 360 degrees`,
    accuracyInvalid: (field: string) => `${field} must be from 0 to ${FIX.accuracyMax} metres`,
    altitudeInvalid: (field: string) =>
      `${field} must be from ${FIX.altitudeMin} to ${FIX.altitudeMax} metres`,
    batteryInvalid: (field: string) => `${field} must be a percentage from 0 to 100`,
    numberInvalid: (field: string) => `${field} must be a number`,
    attributesTooLarge: `attributes may hold at most ${FIX.attributesMaxChars} characters of JSON`,
    batchSize: `positions must hold 1 to ${FIX.batchMax} fixes`,
    driverUnknown: 'The driver of a position does not exist.',
    recorded: 'Positions recorded.',
    /** Why a fix of a known device was acknowledged but not stored, as the console shows it. */
    ignored: {
      tooOld: (day: string, days: number) => `time ${day}, outside the ${days}-day window`,
      inFuture: (time: string) =>
        `time ${time}, more than ${FIX.futureMinutes} minutes ahead of the server's clock`,
      timeInvalid: 'time not a real date',
      coordinates: (lat: number, lon: number) => `coordinates ${lat}, ${lon} out of range`,
      outOfRange: (field: string, value: number, range: string) =>
        `${field} ${value} out of range (${range})`,
      attributes: `other values over ${FIX.attributesMaxChars} characters of JSON`,
      signedIn: 'from a tracker while the driver was signed in to the driver app (the app reports then)',
    },
    ignoredCount: (n: number) => `${n} ${n === 1 ? 'fix' : 'fixes'} ignored`,
  },

  admin: {
    emailRequired: 'E-mail is required',
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
    /** The super admin's call names no tenant where one is needed. */
    idRequired: 'tenant_id is required.',
  },

  places: {
    nameMax: 'Must be at most 200 characters',
    titleMax: 'Title must be less than 50 characters',
    timeStopInvalid: 'Enter a valid number (1-1440)',
    formInvalid: 'Please fill the form correctly.',
    // The spec's warehouse (origin) answers name nothing; its destination answers say what they are.
    originAdded: 'Added successfully.',
    originUpdated: 'Updated successfully.',
    originDeleted: 'Deleted successfully.',
    destinationAdded: 'Destination added successfully.',
    destinationUpdated: 'Destination updated successfully.',
    destinationDeleted: 'Destination deleted successfully.',
    // Trip types answer like origins: the spec's words name nothing.
    tripTypeAdded: 'Added successfully.',
    tripTypeUpdated: 'Updated successfully.',
    tripTypeDeleted: 'Deleted successfully.',
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
    postSaved: 'Post saved.',
    postDeleted: 'Post deleted.',
    sectionSaved: 'Section saved.',
    imageUrlInvalid: 'Give an https:// address or a path on this site starting with /',
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
    studentUnknown: 'A chosen student does not exist.',
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
    /** `delete-trip-schedule` without an id in its query or body. */
    idInvalid: 'id must be a positive whole number',
    added: 'Scheduled trip added successfully.',
    updated: 'Scheduled trip updated successfully.',
    deleted: 'Scheduled trip deleted successfully.',
  },

  /**
   * The driver app: a running trip's transitions. `trip` and `stop` are the tenant's words for a trip
   * and a destination, in lower case ("task", "destination").
   */
  driverApp: {
    dayInvalid: 'Dates must be YYYY-MM-DD',
    rangeInvalid: 'The end of the date range must not be before its start',
    rangeTooLong: (days: number) => `Ask for at most ${days} days at a time`,
    timeInFuture: 'The time given is in the future.',
    timeTooEarly: (what: string) => `The time given is before ${what}.`,
    tripCancelled: (trip: string) => `This ${trip} was cancelled.`,
    tripNotStarted: (trip: string) => `Start the ${trip} first.`,
    tripAlreadyStarted: (trip: string) => `This ${trip} has already started.`,
    tripEnded: (trip: string) => `This ${trip} has ended.`,
    otherTripInProgress: (trip: string) => `Finish the ${trip} in progress before starting another.`,
    stopAlreadyArrived: (stop: string) => `You have already arrived at this ${stop}.`,
    stopNotArrived: (stop: string) => `Arrive at this ${stop} before departing from it.`,
    stopAlreadyDeparted: (stop: string) => `You have already departed from this ${stop}.`,
    stopSkipped: (stop: string) => `This ${stop} was skipped.`,
    atAnotherStop: (name: string) => `Depart from ${name} first.`,
    skipWhileThere: (stop: string) => `You are at this ${stop}: depart from it instead of skipping it.`,
    skipReasonRequired: 'Give a reason for skipping',
    stopsStillOpen: (trip: string, name: string) =>
      `Depart from or skip every stop before ending the ${trip}: ${name} is still open.`,
    taskAlreadyCompleted: 'This task is already completed.',
    taskStopNotReached: (stop: string) => `Arrive at the ${stop} before completing its tasks.`,
    taskStopLeft: (stop: string) =>
      `You have left this ${stop}: its tasks are completed while you are there.`,
    clientProofRequired: "This task needs the client's proof: add at least one photo.",
    managerProofRequired: 'This task needs proof for the manager to approve: add at least one photo.',
    photoKindNotAsked: (kind: 'client' | 'manager') =>
      kind === 'client'
        ? "This task does not ask for the client's proof."
        : 'This task does not ask for a manager to approve it.',
    photoKindAmbiguous:
      'This task asks for two kinds of proof: send them as client_photos and manager_photos.',
    photoNotImage: 'Photos must be JPEG, PNG, WebP or HEIC images.',
    photoTooLarge: (megabytes: number) => `A photo may be at most ${megabytes} MB.`,
    tooManyPhotos: (max: number) => `A task takes at most ${max} photos.`,
    fieldUnknown: (name: string) => `Unknown field: ${name}`,
    idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 200 visible ASCII characters.',
    idempotencyKeyReused: 'This Idempotency-Key was already used for a different request.',
    idempotencyInProgress: 'A request with this Idempotency-Key is still being processed. Try again shortly.',
  },

  /** The approvals dashboards and the orders table (spec 000 §8, 002 §8). */
  approvals: {
    updated: 'Approval updated successfully',
    notFound: 'This approval request does not exist.',
    notPending: (label: string) => `Only pending requests can be decided: this one is ${label}.`,
    noNote: 'No note provided',
    noImage: 'No image to display.',
  },

  /** Pictures of fines, accidents, refuels and vehicle requests (platform/uploads.ts, modules/files). */
  files: {
    notImage: 'Pictures must be JPEG, PNG, WebP or HEIC images.',
    tooLarge: (megabytes: number) => `A picture may be at most ${megabytes} MB.`,
    /** A picture of more pixels than PICTURE_MAX_PIXELS, however small its file. */
    tooManyPixels: (width: number, height: number, megapixels: number) =>
      `This picture is ${width} × ${height} pixels; pictures may have at most ${megapixels} megapixels. Please send a smaller one.`,
    tooMany: (max: number) => `A record takes at most ${max} pictures.`,
    notFound: 'This picture does not exist.',
    fieldUnknown: (name: string) => `Unknown field: ${name}`,
    formInvalid: 'The form could not be read: send it as multipart/form-data.',
  },

  /** The console's e-mails (a driver's file): who may receive them, and how many may leave. */
  mail: {
    outsideRecipient: (email: string) =>
      `${email} is not the address of one of your admins, drivers or guardians. Confirm that the e-mail may go outside your organisation to send it there.`,
    adminLimit: (max: number) =>
      `You have sent ${max} e-mails in the last hour, the most one admin may send.`,
    tenantLimit: (max: number) =>
      `Your organisation has sent ${max} e-mails in the last hour, the most it may send.`,
    tryAgainIn: (seconds: number) =>
      seconds < 120 ? `Try again in ${seconds} seconds.` : `Try again in ${Math.ceil(seconds / 60)} minutes.`,
  },

  /** Driver files (spec 002 "Driver files", §5, §8; the spec's "sucessfully" and "require" corrected). */
  driverFiles: {
    required: 'Please make sure you provide all the required information.',
    uploadFailed: 'There was an error when uploading the file: ',
    notAllowed:
      'Files must be PDF, JPEG, PNG, WebP or HEIC images, Word, Excel, PowerPoint or OpenDocument files, or plain text.',
    tooLarge: (megabytes: number) => `A file may be at most ${megabytes} MB.`,
    titleTooLong: (max: number) => `The title may be at most ${max} characters.`,
    notFound: 'This file does not exist.',
    /** A file sent to a call that takes only fields (all but `save-file`). */
    fieldsOnly: 'This call takes its fields only, without a file.',
    saved: 'File uploaded successfully.',
    updated: 'File title updated.',
    deleted: 'File deleted successfully.',
    sent: 'File sent successfully',
    /** Said beside `sent` when no SMTP server is configured (SMTP_URL): the message went to the outbox. */
    sentToOutbox:
      "No mail server is set up (SMTP_URL), so the e-mail was saved in the server's outbox instead of being sent.",
    emailRequired: 'E-mail is required',
  },

  /** Notifications (spec 002 "Notifications", §5, §8; the capital in "Successfully" lowered). */
  notifications: {
    required: 'Field is required',
    noTokens: (driverTerm: string) => `${driverTerm} has no registered tokens.`,
    sent: 'Notification has been sent successfully.',
    voiceSent: 'Voice message has been sent successfully.',
    driverUnknown: (driverTerm: string) =>
      `This ${driverTerm.toLowerCase()} does not exist or has been archived.`,
    audioInvalid:
      'The recording could not be read: send it as a data URL of WebM, Ogg, MP4, MP3 or WAV audio.',
    audioTooLarge: (megabytes: number) => `A recording may be at most ${megabytes} MB.`,
    notFound: 'This message does not exist.',
    /** Said when no VAPID keys are configured: messages reach only an open app. */
    pushOff:
      'Web Push is not set up (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY), so the message reaches only an app that is open.',
    /** A subscription whose endpoint is not one of the browsers' push services, over https on port 443. */
    pushEndpointInvalid:
      "The subscription's endpoint must be the https address of a browser's push service (Google's, Mozilla's, Microsoft's or Apple's).",
    /** The endpoint is another driver's (a phone passed on): the app subscribes anew for a fresh one. */
    pushEndpointTaken: 'This push subscription belongs to another account. Subscribe again.',
    /** Said beside a voice message when no AI model is configured to transcribe it. */
    voiceProcessingOff: 'Voice processing is off: the driver hears the recording as it was made.',
  },

  /** Fines (spec 001 "Fines", §5, §8; the spec's "succesfully" corrected). */
  fines: {
    statusInvalid: 'Status must be 0 (Not paid), 1 (Postponed) or 2 (Paid)',
    dateInFuture: 'The issue date cannot be in the future.',
    tripUnknown: 'The chosen trip does not exist or has been deleted.',
    tripOfAnotherDriver: "The chosen trip is not one of this driver's trips.",
    notFound: 'This fine does not exist.',
    added: 'Fine added successfully.',
    updated: 'Fine updated successfully.',
    deleted: 'Fine deleted successfully.',
    picturesRequired: 'Add at least one picture.',
    picturesAdded: 'Pictures added.',
    pictureRemoved: 'Picture removed.',
  },

  /** Driving directions (ROUTER_URL). */
  directions: {
    off: 'No router is configured (ROUTER_URL): routes are drawn as straight legs.',
    failed: 'The router could not find a route through these points.',
    unavailable: 'The router did not answer.',
  },

  /** Diesel refuels and accidents (spec 001 "Diesel refuels", "Accidents", §5, §8). */
  records: {
    /** Spec 001 §5: amount and volume are numeric, minimum 0.00. */
    numberInvalid: (label: string) => `${label} must be a number of at least 0.00`,
    numberTooLarge: (label: string, max: number) => `${label} must be at most ${max}`,
    decimals: (label: string, places: number) => `${label} may have at most ${places} decimals`,
    rangeTooLong: (days: number) => `Choose at most ${days} days at a time`,
    textMax: (max: number) => `Must be at most ${max} characters`,
  },
  refuels: {
    updated: 'Diesel Tank updated successfully.',
    deleted: 'Refuel deleted successfully.',
    recorded: 'Refuel recorded.',
  },
  accidents: {
    descriptionRequired: 'Describe what happened',
    placeRequired: 'Give the location, or the GPS position (lat and lon)',
    coordinatesPaired: 'Send both lat and lon, or neither',
    reported: 'Accident reported.',
  },

  /** School-bus students and their guardians (spec 001 "Students", §5, §8). */
  students: {
    /** The student screen's own wording of a missing field. */
    required: 'Required field',
    guardianEmailInvalid: 'Email not valid',
    guardiansInvalid: 'Please ensure all guardian fields are filled correctly.',
    formInvalid: 'Please fix the errors before saving.',
    added: 'Student added successfully',
    deleted: 'Student deleted successfully',
    schoolBusOnly: 'Students are for school-bus tenants.',
    notFound: 'This student does not exist.',
    /** `driver` is the tenant's word for a driver, in lower case. */
    driverUnavailable: (driver: string) => `The chosen ${driver} does not exist or has been deleted.`,
    guardianUnknown: 'A chosen guardian does not exist.',
    guardianShape: "Give an existing guardian's id, or a new guardian's fname, lname, email and password.",
    guardianEmailTaken: 'This e-mail is already used by another guardian.',
    guardianEmailTwice: 'Two new guardians have the same e-mail.',
    tooManyGuardians: (max: number) => `A student has at most ${max} guardians.`,
  },

  /**
   * Vehicle change requests (spec 001 "Vehicle change requests"). `bus` is the tenant's word for a
   * vehicle, in lower case; `Bus` the same with a capital; names are drivers' full names.
   */
  vehicleRequests: {
    notFound: 'This request does not exist.',
    /** A second decision, or the loser of two at once: where the request stands. */
    notPending: (outcome: string, when: string, by: string | null) =>
      `This request is no longer pending: it was ${outcome} on ${when} (UTC)${by ? ` by ${by}` : ''}.`,
    taken: (Bus: string, reference: string, names: string) =>
      `${Bus} ${reference} is assigned to ${names}: Swap or Force Accept is needed.`,
    nothingToSwap: (Bus: string, reference: string) =>
      `Nobody else has ${Bus} ${reference} now: accept the request instead.`,
    nothingToGive: (name: string, bus: string) =>
      `${name} has no ${bus} to exchange: use Force Accept instead.`,
    driverArchived: (name: string) => `${name} has been deleted: this request can only be declined.`,
    busArchived: (Bus: string, reference: string) =>
      `${Bus} ${reference} has been deleted: this request can only be declined.`,
    accepted: 'Request accepted.',
    swapped: (buses: string) => `Request accepted: the ${buses} were swapped.`,
    forced: (names: string, bus: string) => `Request accepted: ${names} no longer has a ${bus}.`,
    declined: 'Request declined.',
    // The driver app's side.
    sent: 'Request sent.',
    alreadyPending: (bus: string) => `You already have a ${bus} change request waiting for a decision.`,
    ownVehicle: (bus: string) => `This is already your ${bus}.`,
    vehicleUnknown: (bus: string) => `The chosen ${bus} does not exist.`,
    /** A vehicle with a service recorded for today (spec 002 §4: it is not available today). */
    inMaintenance: (Bus: string, reference: string) =>
      `${Bus} ${reference} is in maintenance today: choose another one.`,
    inMaintenanceDecision: (Bus: string, reference: string) =>
      `${Bus} ${reference} is in maintenance today: decline the request, or decide once it is back.`,
  },

  /** Driver summary and finance reports (spec 002 "Driver summary", "Driver finance summary", §8). */
  reports: {
    dayInvalid: 'Dates must be YYYY-MM-DD',
    rangeInvalid: 'The end of the date range must not be before its start',
    rangeTooLong: (days: number) => `Choose at most ${days} days at a time`,
    fileSent: 'File sent successfully',
    fileFailed: 'Failed to send the file',
    fileError: 'Error occurred while sending the file',
    summarySent: 'Summary sent successfully!',
    noData: (driverTerm: string) => `No data for the selected ${driverTerm} / date range.`,
    summaryFailed: 'Failed to send the summary.',
    summaryError: 'Error occurred while sending the summary.',
    /** Said beside a success when no SMTP server is configured (SMTP_URL). */
    sentToOutbox:
      "No mail server is set up (SMTP_URL), so the e-mail was saved in the server's outbox instead of being sent.",
    typeInvalid: 'type must be 1 (PDF) or 2 (Excel)',
    driversInvalid: 'selected_Drivers must be a list of driver ids',
  },

  /** Analytics (spec 002 "Analytics at /analytics", §8). */
  analytics: {
    tripsFailed: (tripTerm: string) => `Error fetching drivers with most ${tripTerm}s.`,
    exceptionsFailed: 'Error fetching drivers with most Exceptions.',
    pieFailed: 'Error fetching working hours for Pie Chart.',
    // The spec names "a line-chart equivalent" of the pie's message without its words: these are ours.
    lineFailed: 'Error fetching working hours for Line Chart.',
    noData: 'No data available',
    emptyChart: 'No significant data available to display at the moment.',
  },

  /** Logs (spec 002 "Logs at /logs", §8). */
  logs: {
    // The spec's wording for deleting a log entry, its spelling corrected (DESIGN §7).
    deleted: 'Driver deleted successfully.',
    notFound: 'This log entry does not exist.',
    recorded: 'The error was recorded.',
  },

  /** "Are you sure you want to delete this {thing}, This action cannot be undone!" (spec 001 §2). */
  deleteQuestion: (thing: string) =>
    `Are you sure you want to delete this ${thing}, This action cannot be undone!`,
} as const;
