import type { TDriverProfile } from '@fleet/contract';

/*
 * The app's words in English and Arabic (right to left), chosen from the driver's language setting
 * (the browser's language before sign-in); any other language falls back to English. The tenant's
 * words (Trip may be Task, Stop may be Destination) fill the `{trip}` and `{stop}` slots; in Arabic
 * the known English terms are said in Arabic and any other term is shown as the tenant wrote it.
 * Dates and times are shown on the tenant's wall clock, formatted for the language.
 */

const en = {
  appName: 'Driver',
  signInTitle: 'Sign in',
  email: 'E-mail',
  password: 'Password',
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  wrongCredentials: 'Wrong e-mail or password, or this account is no longer active.',
  noNetworkSignIn: 'No network: connect to the internet to sign in.',
  somethingWrong: 'Something went wrong. Try again.',
  signOut: 'Sign out',
  signOutWaiting:
    'Some of your work has not been sent yet. Sign out anyway? It will be sent after you sign in again.',
  sessionExpired: 'Your session has ended: sign in again to send your work.',
  today: 'Today',
  tomorrow: 'Tomorrow',
  noTrips: 'No {trips} planned for today or the next days.',
  loading: 'Loading…',
  refresh: 'Refresh',
  back: 'Back',
  offline: 'Offline: your work is kept on this phone and sent when the network returns.',
  waiting: '{n} waiting to send',
  allSent: 'Everything is sent',
  refused: 'Not recorded: {message}',
  dismiss: 'Dismiss',
  state_planned: 'Planned',
  state_in_progress: 'In progress',
  state_ended: 'Ended',
  state_cancelled: 'Cancelled',
  stop_pending: 'Not reached',
  stop_arrived: 'You are here',
  stop_departed: 'Done',
  stop_skipped: 'Skipped',
  start: 'Start {trip}',
  arriveAt: 'Arrive at {name}',
  departFrom: 'Depart from {name}',
  end: 'End {trip}',
  completeTask: 'Complete task',
  navigate: 'Navigate',
  navigateTo: 'Navigate to {name}',
  plannedStart: 'Planned start {time}',
  plannedAt: 'Arrive {arrive} · leave {leave}',
  stopsCount: '{n} stops',
  streetMapUnavailable: 'Street map unavailable: stops shown on a plain background.',
  from: 'From {name}',
  orderId: 'Order {id}',
  note: 'Note',
  pupil: 'Pupil',
  task_pending: 'To do',
  task_completed: 'Completed',
  task_missed: 'Missed',
  clientApproval: "Needs the client's proof (photo)",
  managerApproval: "Needs the manager's approval (photo)",
  approval_awaiting_submission: 'Manager approval: not sent yet',
  approval_pending: 'Manager approval: waiting',
  approval_accepted: 'Manager approval: accepted',
  approval_rejected: 'Manager approval: rejected',
  clientPhotos: "Client's proof",
  managerPhotos: 'Proof for the manager',
  photos: 'Photos',
  takePhoto: 'Take a photo',
  photosChosen: '{n} photo(s)',
  photoRequired: 'Add at least one photo.',
  yourNote: 'Your note (optional)',
  submit: 'Complete',
  cancel: 'Cancel',
  sharingOn: 'Sharing location',
  sharingOff: 'Location not shared',
  lastFix: 'Last fix {time}',
  lastSent: 'sent {time}',
  noFixYet: 'Waiting for GPS…',
  shareOnDuty: 'Share my location while on duty',
  locationDenied: 'Location is blocked: allow it in the browser settings so the office sees where you are.',
  locationUnavailable: 'This phone cannot share its location.',
  language: 'Language',
  stopName: 'Stop {n}',
  reportRefuel: 'Report a refuel',
  refuelTitle: 'Refuel',
  volume: 'Volume ({unit})',
  amount: 'Amount paid ({unit})',
  receipt: 'Photo of the receipt',
  send: 'Send',
  numberInvalid: 'Enter a number of at least 0.',
  refuelKept: 'Refuel kept: it is sent as soon as the network allows.',
  reports: 'Reports',
  nowLabel: 'Now',
  nextLabel: 'Next',
  continueTrip: 'Continue',
  nextStopIs: 'Next: {name}',
  stopsDone: '{done} of {n} done',
  location: 'Location',
  reportAccident: 'Report an accident',
  accidentTitle: 'Accident',
  whatHappened: 'What happened',
  gpsPlace: 'Place from the GPS',
  noGpsPlace: 'No GPS position on this phone now: say where it happened in words.',
  tryAgain: 'Try again',
  placeWords: 'Where it happened',
  placeWordsOptional: 'Where it happened, in words (optional)',
  descriptionRequired: 'Say what happened.',
  placeRequired: 'Say where it happened: the phone has no GPS position.',
  accidentKept: 'Accident report kept: it is sent as soon as the network allows.',
  askVehicle: 'Ask for another {bus}',
  vehicleTitle: 'Change of {bus}',
  yourVehicle: 'Your {bus} now: {vehicle}',
  chooseVehicle: 'The {bus} you need',
  chooseVehicleRequired: 'Choose a {bus}.',
  inUse: 'in use',
  inMaintenance: 'under maintenance today',
  requestKept: 'Request kept: it is sent as soon as the network allows.',
  yourRequest: 'Your request for {vehicle}',
  request_pending: 'Waiting for the office',
  request_accepted: 'Accepted: the {bus} is yours',
  request_swapped: 'Accepted: you swap {bus} with its driver',
  request_declined: 'Declined',
  askedAt: 'Asked {day} {time}',
  decidedAt: 'decided {day} {time}',
  skipStop: 'Skip this {stop}',
  skipReason: 'Why is it skipped?',
  skipReasonRequired: 'Say why the {stop} is skipped.',
  skipConfirm: 'Skip {name}? Its tasks will be missed; this cannot be undone.',
  confirmSkip: 'Skip it',
  messages: 'Messages',
  messagesUnread: 'Messages, {n} new',
  noMessages: 'No messages from the office yet.',
  newMessage: 'New',
  sentAt: 'Sent {day}, {time}',
  acknowledge: 'Acknowledge',
  acknowledged: 'Acknowledged',
  acknowledgedNote: 'You acknowledged this message: the office can see it.',
  voiceMessage: 'Voice message',
  voiceUnavailable: 'The recording could not be loaded: try again when the network is back.',
  pushOffer: 'Get messages when the app is closed',
  pushOn: 'Messages reach this phone even when the app is closed.',
  pushTurnOff: 'Stop messages when closed',
  pushNotSetUp: 'Push messages are not set up on the server: new messages show only while this app is open.',
  pushUnsupported:
    'This browser cannot receive messages while the app is closed: keep the app open, or add it to the home screen.',
  pushNoWorker: 'Reload the app once online to get messages when it is closed.',
  pushDenied:
    'Notifications are blocked for this app: allow them in the browser settings to get messages when it is closed.',
  pushFailed: 'Could not change this now. Try again.',
};

export type TextKey = keyof typeof en;

const ar: Partial<Record<TextKey, string>> = {
  appName: 'السائق',
  signInTitle: 'تسجيل الدخول',
  email: 'البريد الإلكتروني',
  password: 'كلمة المرور',
  signIn: 'دخول',
  signingIn: 'جارٍ تسجيل الدخول…',
  wrongCredentials: 'البريد الإلكتروني أو كلمة المرور غير صحيحة، أو أن هذا الحساب لم يعد نشطًا.',
  noNetworkSignIn: 'لا توجد شبكة: اتصل بالإنترنت لتسجيل الدخول.',
  somethingWrong: 'حدث خطأ. حاول مرة أخرى.',
  signOut: 'تسجيل الخروج',
  signOutWaiting: 'بعض عملك لم يُرسل بعد. هل تريد الخروج على أي حال؟ سيُرسل بعد تسجيل الدخول مرة أخرى.',
  sessionExpired: 'انتهت جلستك: سجّل الدخول مرة أخرى لإرسال عملك.',
  today: 'اليوم',
  tomorrow: 'غدًا',
  noTrips: 'لا توجد {trips} مخططة لليوم أو الأيام القادمة.',
  loading: 'جارٍ التحميل…',
  refresh: 'تحديث',
  back: 'رجوع',
  offline: 'غير متصل: عملك محفوظ على هذا الهاتف وسيُرسل عند عودة الشبكة.',
  waiting: '{n} بانتظار الإرسال',
  allSent: 'تم إرسال كل شيء',
  refused: 'لم يُسجَّل: {message}',
  dismiss: 'إغلاق',
  state_planned: 'مخطط',
  state_in_progress: 'قيد التنفيذ',
  state_ended: 'منتهٍ',
  state_cancelled: 'ملغى',
  stop_pending: 'لم يتم الوصول',
  stop_arrived: 'أنت هنا',
  stop_departed: 'تم',
  stop_skipped: 'تم تخطيه',
  start: 'ابدأ {trip}',
  arriveAt: 'الوصول إلى {name}',
  departFrom: 'المغادرة من {name}',
  end: 'إنهاء {trip}',
  completeTask: 'إتمام المهمة',
  navigate: 'الملاحة',
  navigateTo: 'الملاحة إلى {name}',
  plannedStart: 'البدء المخطط {time}',
  plannedAt: 'الوصول {arrive} · المغادرة {leave}',
  stopsCount: '{n} محطات',
  streetMapUnavailable: 'خريطة الشوارع غير متاحة: المحطات معروضة على خلفية عادية.',
  from: 'من {name}',
  orderId: 'الطلب {id}',
  note: 'ملاحظة',
  pupil: 'الطالب',
  task_pending: 'للتنفيذ',
  task_completed: 'مكتملة',
  task_missed: 'فائتة',
  clientApproval: 'تحتاج إثبات العميل (صورة)',
  managerApproval: 'تحتاج موافقة المدير (صورة)',
  approval_awaiting_submission: 'موافقة المدير: لم تُرسل بعد',
  approval_pending: 'موافقة المدير: قيد الانتظار',
  approval_accepted: 'موافقة المدير: مقبولة',
  approval_rejected: 'موافقة المدير: مرفوضة',
  clientPhotos: 'إثبات العميل',
  managerPhotos: 'إثبات للمدير',
  photos: 'الصور',
  takePhoto: 'التقط صورة',
  photosChosen: '{n} صورة',
  photoRequired: 'أضف صورة واحدة على الأقل.',
  yourNote: 'ملاحظتك (اختياري)',
  submit: 'إتمام',
  cancel: 'إلغاء',
  sharingOn: 'مشاركة الموقع مفعّلة',
  sharingOff: 'الموقع غير مُشارك',
  lastFix: 'آخر موقع {time}',
  lastSent: 'أُرسل {time}',
  noFixYet: 'بانتظار GPS…',
  shareOnDuty: 'شارك موقعي أثناء العمل',
  locationDenied: 'الموقع محظور: اسمح به في إعدادات المتصفح ليرى المكتب مكانك.',
  locationUnavailable: 'لا يمكن لهذا الهاتف مشاركة موقعه.',
  language: 'اللغة',
  stopName: 'المحطة {n}',
  reportRefuel: 'الإبلاغ عن تعبئة وقود',
  refuelTitle: 'تعبئة وقود',
  volume: 'الكمية ({unit})',
  amount: 'المبلغ المدفوع ({unit})',
  receipt: 'صورة الإيصال',
  send: 'إرسال',
  numberInvalid: 'أدخل رقمًا لا يقل عن 0.',
  refuelKept: 'تم حفظ التعبئة: تُرسل فور توفر الشبكة.',
  reports: 'البلاغات',
  nowLabel: 'الآن',
  nextLabel: 'التالية',
  continueTrip: 'متابعة',
  nextStopIs: 'التالية: {name}',
  stopsDone: 'تم {done} من {n}',
  location: 'الموقع',
  reportAccident: 'الإبلاغ عن حادث',
  accidentTitle: 'حادث',
  whatHappened: 'ماذا حدث',
  gpsPlace: 'المكان من GPS',
  noGpsPlace: 'لا يوجد موقع GPS على هذا الهاتف الآن: اكتب مكان الحادث بالكلمات.',
  tryAgain: 'حاول مرة أخرى',
  placeWords: 'مكان الحادث',
  placeWordsOptional: 'مكان الحادث بالكلمات (اختياري)',
  descriptionRequired: 'اكتب ماذا حدث.',
  placeRequired: 'اكتب مكان الحادث: لا يوجد موقع GPS على الهاتف.',
  accidentKept: 'تم حفظ بلاغ الحادث: يُرسل فور توفر الشبكة.',
  askVehicle: 'طلب {bus} أخرى',
  vehicleTitle: 'تغيير {bus}',
  yourVehicle: 'لديك الآن: {vehicle}',
  chooseVehicle: 'اختر {bus}',
  chooseVehicleRequired: 'اختر {bus}.',
  inUse: 'قيد الاستخدام',
  inMaintenance: 'قيد الصيانة اليوم',
  requestKept: 'تم حفظ الطلب: يُرسل فور توفر الشبكة.',
  yourRequest: 'طلبك لـ {vehicle}',
  request_pending: 'بانتظار قرار المكتب',
  request_accepted: 'مقبول: أصبحت لك',
  request_swapped: 'مقبول: بالتبادل مع سائقها',
  request_declined: 'مرفوض',
  askedAt: 'طُلب {day} {time}',
  decidedAt: 'تقرر {day} {time}',
  skipStop: 'تخطي {stop}',
  skipReason: 'لماذا يتم التخطي؟',
  skipReasonRequired: 'اكتب سبب تخطي {stop}.',
  skipConfirm: 'تخطي {name}؟ ستصبح مهامها فائتة، ولا يمكن التراجع عن ذلك.',
  confirmSkip: 'تخطَّ',
  messages: 'الرسائل',
  messagesUnread: 'الرسائل، {n} جديدة',
  noMessages: 'لا توجد رسائل من المكتب بعد.',
  newMessage: 'جديدة',
  sentAt: 'أُرسلت {day}، {time}',
  acknowledge: 'تأكيد الاستلام',
  acknowledged: 'تم التأكيد',
  acknowledgedNote: 'أكدت استلام هذه الرسالة: يراه المكتب.',
  voiceMessage: 'رسالة صوتية',
  voiceUnavailable: 'تعذر تحميل التسجيل: حاول مرة أخرى عند عودة الشبكة.',
  pushOffer: 'استلام الرسائل والتطبيق مغلق',
  pushOn: 'تصل الرسائل إلى هذا الهاتف حتى والتطبيق مغلق.',
  pushTurnOff: 'إيقاف الرسائل والتطبيق مغلق',
  pushNotSetUp: 'إشعارات الدفع غير مُعدّة على الخادم: تظهر الرسائل الجديدة فقط والتطبيق مفتوح.',
  pushUnsupported:
    'لا يستطيع هذا المتصفح استلام الرسائل والتطبيق مغلق: أبقِ التطبيق مفتوحًا أو أضفه إلى الشاشة الرئيسية.',
  pushNoWorker: 'أعد تحميل التطبيق وأنت متصل لتستلم الرسائل وهو مغلق.',
  pushDenied: 'الإشعارات محظورة لهذا التطبيق: اسمح بها في إعدادات المتصفح لتستلم الرسائل وهو مغلق.',
  pushFailed: 'تعذر التغيير الآن. حاول مرة أخرى.',
};

/** The tenant's English terms as Arabic says them. */
const AR_TERMS: Record<string, string> = {
  trip: 'رحلة',
  trips: 'رحلات',
  task: 'مهمة',
  tasks: 'مهام',
  destination: 'محطة',
  stop: 'محطة',
  staff: 'موظف',
  driver: 'سائق',
  bus: 'حافلة',
  vehicle: 'مركبة',
};

export type Lang = 'en' | 'ar';
export const LANGS: Record<Lang, Partial<Record<TextKey, string>>> = { en, ar };

/**
 * Counted texts whose wording changes with the number, by the language's plural rule (`Intl.PluralRules`:
 * English says "1 stop"; Arabic has its own forms for one, two, 3–10 and 11 or more). A rule not listed
 * falls back to the text of the key itself.
 */
const PLURALS: Record<Lang, Partial<Record<TextKey, Partial<Record<Intl.LDMLPluralRule, string>>>>> = {
  en: { stopsCount: { one: '{n} stop' } },
  ar: { stopsCount: { one: 'محطة واحدة', two: 'محطتان', many: '{n} محطة', other: '{n} محطة' } },
};

/** The app's language for a language code: Arabic for `ar…`, English for anything else. */
export const langOf = (code: string | null | undefined): Lang =>
  code?.toLowerCase().startsWith('ar') ? 'ar' : 'en';

export interface Words {
  trip: string;
  trips: string;
  stop: string;
  /** The tenant's word for a vehicle (Bus, Vehicle…). */
  bus: string;
}

export interface I18n {
  lang: Lang;
  dir: 'ltr' | 'rtl';
  t: (key: TextKey, vars?: Record<string, string | number>) => string;
  time: (utc: string | null) => string;
  day: (utc: string) => string;
  number: (n: number) => string;
  words: Words;
}

/** A UTC `YYYY-MM-DD HH:mm:ss` of the API as a Date. */
export const fromUtc = (utc: string) => new Date(`${utc.replace(' ', 'T')}Z`);

function plural(word: string): string {
  if (/staff$/i.test(word)) return word;
  if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`;
  return /(s|x|z|ch|sh)$/i.test(word) ? `${word}es` : `${word}s`;
}

export function createI18n(lang: Lang, driver?: Pick<TDriverProfile, 'terms' | 'time_zone'> | null): I18n {
  const locale = lang === 'ar' ? 'ar' : 'en-GB';
  const timeZone = driver?.time_zone;
  const trip = driver?.terms.trip ?? 'Trip';
  const stop = driver?.terms.destination ?? 'Stop';
  const say = (term: string, fallback: string) =>
    lang === 'ar' ? (AR_TERMS[term.toLowerCase()] ?? term) : term || fallback;
  const words: Words = {
    trip: say(trip, 'Trip'),
    trips: lang === 'ar' ? (AR_TERMS[plural(trip).toLowerCase()] ?? say(trip, 'Trip')) : plural(trip),
    stop: say(stop, 'Stop'),
    bus: say(driver?.terms.bus ?? 'Vehicle', 'Vehicle'),
  };
  const timeFormat = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone });
  const dayFormat = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone,
  });
  const numberFormat = new Intl.NumberFormat(locale);
  const pluralRules = new Intl.PluralRules(locale);
  const dict = LANGS[lang];
  return {
    lang,
    dir: lang === 'ar' ? 'rtl' : 'ltr',
    t(key, vars = {}) {
      const counted =
        typeof vars.n === 'number' ? PLURALS[lang][key]?.[pluralRules.select(vars.n)] : undefined;
      const text = counted ?? dict[key] ?? en[key];
      const all: Record<string, string | number> = {
        trip: words.trip,
        trips: lang === 'en' ? words.trips.toLowerCase() : words.trips,
        stop: lang === 'en' ? words.stop.toLowerCase() : words.stop,
        bus: lang === 'en' ? words.bus.toLowerCase() : words.bus,
        ...vars,
      };
      return text.replace(/\{(\w+)\}/g, (m, name: string) =>
        name in all
          ? typeof all[name] === 'number'
            ? numberFormat.format(all[name])
            : String(all[name])
          : m,
      );
    },
    time: (utc) => (utc ? timeFormat.format(fromUtc(utc)) : '—'),
    day: (utc) => dayFormat.format(fromUtc(utc)),
    number: (n) => numberFormat.format(n),
    words,
  };
}

/** The day (YYYY-MM-DD) a UTC time falls on in a time zone. */
export function dayIn(utc: string | Date, timeZone: string | undefined): string {
  const date = typeof utc === 'string' ? fromUtc(utc) : utc;
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}
