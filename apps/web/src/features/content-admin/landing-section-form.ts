import {
  ZLandingSection,
  type TLandingSectionKey,
  type TLandingSectionStored,
  type TLandingSections,
} from '@fleet/contract';
import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';

export type TLandingSection = TLandingSections[TLandingSectionKey];

/**
 * A section's form: the section itself, except that a list of plain texts (the About points) holds
 * `{text}` items, because a field array needs objects.
 */
export type TSectionForm = FieldValues;

/** The sections by the names the editor shows, in page order. */
export const SECTION_TITLES: Record<TLandingSectionKey, string> = {
  hero_section: 'Hero',
  detail_section: 'How it works',
  about_section: 'About',
  feature_section: 'Features',
  software_section: 'Software options',
  demo_section: 'Demo',
  contact_section: 'Contact',
};

/** Where each section shows on the home page. */
export const SECTION_HINTS: Record<TLandingSectionKey, string> = {
  hero_section: 'The top of the page: the headline and its two buttons, which both open the contact page.',
  detail_section: 'The numbered steps from plan to proof, below the industries.',
  about_section: 'Who we are, with a ticked list of points beside it.',
  feature_section: 'A card per feature, each with its icon, before "Why teams choose us".',
  software_section: 'The ways to run the console (a cloud and a server icon, in this order).',
  demo_section: 'The band asking for a demo; its button writes the request into the contact form.',
  contact_section: 'The heading and text beside the contact form at the bottom of the page.',
};

const newCard = () => ({ title: '', text: '' });
/** What a list's Add button appends. */
export const NEW_ITEM = {
  step: newCard,
  point: () => ({ text: '' }),
  feature: () => ({ icon: 'check', title: '', text: '' }),
  option: newCard,
} as const;

/** Where a missing or unreadable section starts: every field empty, one empty item per list. */
const BLANK_FORMS: Record<TLandingSectionKey, () => TSectionForm> = {
  hero_section: () => ({ eyebrow: '', title: '', subtitle: '', primary_label: '', secondary_label: '' }),
  detail_section: () => ({ title: '', intro: '', steps: [NEW_ITEM.step()] }),
  about_section: () => ({ title: '', text: '', points: [NEW_ITEM.point()] }),
  feature_section: () => ({ title: '', intro: '', items: [NEW_ITEM.feature()] }),
  software_section: () => ({ title: '', intro: '', options: [NEW_ITEM.option()] }),
  demo_section: () => ({ title: '', text: '', button_label: '', request: '' }),
  contact_section: () => ({ title: '', text: '' }),
};

export function sectionToForm(key: TLandingSectionKey, section: TLandingSection): TSectionForm {
  if (key !== 'about_section') return { ...section };
  const about = section as TLandingSections['about_section'];
  return { ...about, points: about.points.map((text) => ({ text })) };
}

function formToSection(key: TLandingSectionKey, form: TSectionForm): unknown {
  if (key !== 'about_section' || !Array.isArray(form.points)) return form;
  return { ...form, points: (form.points as { text: unknown }[]).map((point) => point.text) };
}

/** The form field showing a problem the schema found at `path` in the section. */
function formPath(key: TLandingSectionKey, path: PropertyKey[]): string {
  const field = path.map(String).join('.');
  return key === 'about_section' && path[0] === 'points' && path.length === 2 ? `${field}.text` : field;
}

/** `steps.2.title: Field is required`: a schema problem in the words the server uses too. */
const describeIssue = (issue: { path: PropertyKey[]; message: string }) =>
  issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message;

/**
 * Checks a section's form with the contract's schema for that section, the one the server applies,
 * and puts each problem under the field it concerns.
 */
export const sectionResolver =
  (key: TLandingSectionKey): Resolver<TSectionForm, unknown, TLandingSection> =>
  async (values, _context, options) => {
    const parsed = ZLandingSection[key].safeParse(formToSection(key, values));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: Record<string, FieldError> = Object.create(null) as Record<string, FieldError>;
    for (const issue of parsed.error.issues) {
      const path = formPath(key, issue.path);
      errors[path] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };

/** The form a stored section starts from, or a blank one and why, when it is missing or does not fit. */
export function storedToForm(stored: TLandingSectionStored): {
  values: TSectionForm;
  problem: string | null;
} {
  if (stored.content === null)
    return {
      values: BLANK_FORMS[stored.key](),
      problem:
        'This section has never been saved, so the landing page leaves it out. Fill it in and save it.',
    };
  const parsed = ZLandingSection[stored.key].safeParse(stored.content);
  if (parsed.success) return { values: sectionToForm(stored.key, parsed.data), problem: null };
  const [issue] = parsed.error.issues;
  return {
    values: BLANK_FORMS[stored.key](),
    problem:
      `The stored section does not fit its fields${issue ? ` (${describeIssue(issue)})` : ''}, so the ` +
      'form starts empty. Saving replaces it.',
  };
}
