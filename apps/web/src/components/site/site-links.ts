import { paths } from '../../lib/paths';

/** The four sections of /use-cases, reached by hash (spec 000 §2). */
export const USE_CASE_SECTIONS = [
  { id: 'school-bus-companies', title: 'School bus companies' },
  { id: 'last-mile-delivery', title: 'Last-mile delivery' },
  { id: 'airport-management', title: 'Airport management' },
  { id: 'construction-companies', title: 'Construction companies' },
] as const;
export type UseCaseId = (typeof USE_CASE_SECTIONS)[number]['id'];

export const hrefOfUseCase = (id: UseCaseId): string => `${paths.useCases.getHref()}#${id}`;

export const LEGAL_LINKS = [
  { label: 'Terms & Conditions', href: paths.termsConditions.getHref() },
  { label: 'Privacy Policy', href: paths.privacyPolicy.getHref() },
  { label: 'Cookie Policy', href: paths.cookiePolicy.getHref() },
];
