import { useState } from 'react';
import { paths } from '../../lib/paths';
import { CardGrid, CheckList, IconCard, PageSection } from '../../components/site/page-blocks';
import { SiteIcon, type SiteIconName } from '../../components/site/site-icon';
import { USE_CASE_SECTIONS, hrefOfUseCase, type UseCaseId } from '../../components/site/site-links';
import { scrollToHash } from '../../lib/hash-scroll';
import { PRODUCT_NAME } from '../../lib/product';
import { Faq } from './faq';
import { LandingContactForm, type DiscussPrefill } from './landing-contact-form';
import type { LandingContent } from './landing';

export interface HomePageProps {
  /** The landing sections from the content call; null when it failed (the error flag of spec 002 §8). */
  landing: LandingContent | null;
}

const CONTACT_FORM_ID = 'contact-form';

/** One trip through the product, beside the hero. */
const TRIP_STEPS: { icon: SiteIconName; title: string; text: string }[] = [
  {
    icon: 'route',
    title: 'Planned',
    text: 'An origin, destinations in order and the tasks at each one; once or on a schedule.',
  },
  {
    icon: 'map',
    title: 'On the road',
    text: 'The driver’s position on the live map; a late or early start raises an exception.',
  },
  {
    icon: 'approval',
    title: 'At each stop',
    text: 'Tasks completed with photos, sent to a manager or the client for approval.',
  },
  {
    icon: 'report',
    title: 'Done',
    text: 'Working hours, refuels, fines and accidents land in the driver’s reports.',
  },
];

/** The four industry blurbs of spec 002 §2. */
const INDUSTRIES: { icon: SiteIconName; title: string; text: string; href: string }[] = [
  {
    icon: 'bus',
    title: 'School bus',
    text: 'Routes with their stops and the students picked up at each.',
    href: paths.schoolBus.getHref(),
  },
  {
    icon: 'truck',
    title: 'Last mile',
    text: 'Orders as tasks at each destination, with photo proof of delivery.',
    href: hrefOfUseCase('last-mile-delivery'),
  },
  {
    icon: 'construction',
    title: 'Construction',
    text: 'Site runs, machine moves, refuels and incidents per vehicle.',
    href: hrefOfUseCase('construction-companies'),
  },
  {
    icon: 'tools',
    title: 'Installation',
    text: 'Field teams that say Staff and Tasks: assigned, in progress, done.',
    href: paths.features.getHref(),
  },
];

const WHY_CHOOSE: { icon: SiteIconName; title: string; text: string }[] = [
  {
    icon: 'route',
    title: 'Built around the trip',
    text: 'Stops, tasks, approvals, exceptions, fines and refuels all hang off the trip they belong to, so every question about a day’s work has one place to look.',
  },
  {
    icon: 'terms',
    title: 'Your words, not ours',
    text: 'Each organisation names its drivers, trips, destinations, origins and vehicles, and picks its currency and units. Menus, columns and messages follow.',
  },
  {
    icon: 'alert',
    title: 'Problems come to you',
    text: 'Late and early starts, missed destinations, overlong stays and idle drivers become exceptions in the bell, instead of something found on a map.',
  },
  {
    icon: 'map',
    title: 'Open maps',
    text: 'Maps, place search and routing use open, self-hostable services, with no proprietary maps SDK; the map still draws your data without an internet connection.',
  },
  {
    icon: 'upload',
    title: 'Your data in and out',
    text: 'Import drivers and vehicles from Excel or CSV with a row-by-row check first; export lists as real .xlsx files; everything else through a documented API.',
  },
  {
    icon: 'tenants',
    title: 'One console, many organisations',
    text: 'Each tenant sees only its own drivers, vehicles and trips; a super admin creates tenants and their admins.',
  },
];

const USE_CASE_TEXT: Record<UseCaseId, { icon: SiteIconName; text: string }> = {
  'school-bus-companies': {
    icon: 'bus',
    text: 'Morning and afternoon routes as scheduled trips, students by stop, and a bell when a bus leaves late.',
  },
  'last-mile-delivery': {
    icon: 'truck',
    text: 'Orders as tasks, proof of delivery by photo, order history by status, and the client’s own approval view.',
  },
  'airport-management': {
    icon: 'plane',
    text: 'Shuttles and service vehicles on fixed loops, with stays at each stand timed and overruns flagged.',
  },
  'construction-companies': {
    icon: 'construction',
    text: 'Material runs between yard and sites, machine moves, refuels, fines and accidents per vehicle.',
  },
};

/** Shown when the content call failed: the page keeps its own sections and says what is missing. */
function FallbackHero() {
  return (
    <section className="hero">
      <div className="container">
        <p className="alert alert--error" role="status">
          Part of this page could not be loaded. Please refresh it in a moment.
        </p>
        <h1 className="hero__fallback-title">{PRODUCT_NAME}</h1>
        <p className="hero__subtitle">
          The operations console for organisations that run drivers, vehicles and trips.
        </p>
      </div>
    </section>
  );
}

function Hero({ hero }: { hero: NonNullable<LandingContent['hero_section']> }) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__grid">
        <div>
          <p className="eyebrow">{hero.eyebrow}</p>
          <h1 id="hero-title">{hero.title}</h1>
          <p className="hero__subtitle">{hero.subtitle}</p>
          <div className="button-row">
            {/* Free consultation and How it works both lead to the contact page (spec 002 §2). */}
            <a className="button button--primary button--large" href={paths.contact.getHref()}>
              {hero.primary_label}
            </a>
            <a className="button button--secondary button--large" href={paths.contact.getHref()}>
              {hero.secondary_label}
            </a>
          </div>
        </div>
        <div className="trip-panel">
          <h2 className="trip-panel__title">One trip, start to finish</h2>
          <ol className="timeline">
            {TRIP_STEPS.map((step) => (
              <li key={step.title}>
                <span className="timeline__icon">
                  <SiteIcon name={step.icon} size={20} />
                </span>
                <div>
                  <h3>{step.title}</h3>
                  <p>{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}

function Industries() {
  return (
    <section className="industries" aria-labelledby="industries-title">
      <h2 id="industries-title" className="visually-hidden">
        Industries
      </h2>
      <div className="container industries__grid">
        {INDUSTRIES.map((industry) => (
          <div className="industry" key={industry.title}>
            <span className="industry__icon">
              <SiteIcon name={industry.icon} size={28} />
            </span>
            <div>
              <h3>
                <a href={industry.href}>{industry.title}</a>
              </h3>
              <p>{industry.text}</p>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}

/** The public home (spec 000 §2, 002 §2): content sections from the content call around the fixed ones. */
export function HomePage({ landing }: HomePageProps) {
  const [prefill, setPrefill] = useState<DiscussPrefill | null>(null);
  const { hero_section, detail_section, feature_section, software_section, about_section } = landing ?? {};
  const { demo_section, contact_section } = landing ?? {};

  const requestDemo = (text: string) => {
    setPrefill({ text });
    scrollToHash(CONTACT_FORM_ID);
  };

  return (
    <>
      {hero_section ? <Hero hero={hero_section} /> : <FallbackHero />}
      <Industries />

      {detail_section && (
        <PageSection
          id="detail-title"
          eyebrow="How it works"
          title={detail_section.title}
          intro={detail_section.intro}
        >
          <ol className="steps">
            {detail_section.steps.map((step) => (
              <li key={step.title}>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </PageSection>
      )}

      {feature_section && (
        <PageSection
          id="features-title"
          eyebrow="Features"
          title={feature_section.title}
          intro={feature_section.intro}
          soft
        >
          <CardGrid cards={feature_section.items} />
          <p className="section__more">
            <a className="card__link" href={paths.features.getHref()}>
              Every feature in detail <SiteIcon name="arrowRight" size={18} />
            </a>
          </p>
        </PageSection>
      )}

      <PageSection id="why-title" eyebrow="Why choose us" title={`Why teams choose ${PRODUCT_NAME}`}>
        <CardGrid cards={WHY_CHOOSE} columns={3} />
      </PageSection>

      {software_section && (
        <PageSection
          id="software-title"
          eyebrow="Deployment"
          title={software_section.title}
          intro={software_section.intro}
          soft
        >
          <CardGrid
            cards={software_section.options.map((option, i) => ({
              ...option,
              icon: i === 0 ? 'cloud' : 'server',
            }))}
            columns={2}
          />
        </PageSection>
      )}

      <PageSection id="use-cases-title" eyebrow="Use cases" title="Made for fleets that run on schedules">
        <div className="grid grid--4">
          {USE_CASE_SECTIONS.map((useCase) => (
            <IconCard key={useCase.id} icon={USE_CASE_TEXT[useCase.id].icon} title={useCase.title}>
              <p>{USE_CASE_TEXT[useCase.id].text}</p>
              <a className="card__link" href={hrefOfUseCase(useCase.id)}>
                Read the use case <SiteIcon name="arrowRight" size={18} />
              </a>
            </IconCard>
          ))}
        </div>
      </PageSection>

      {about_section && (
        <section className="section section--soft" aria-labelledby="about-title">
          <div className="container split">
            <div>
              <p className="eyebrow">About us</p>
              <h2 id="about-title">{about_section.title}</h2>
              <p className="lead">{about_section.text}</p>
              <a className="card__link" href={paths.aboutUs.getHref()}>
                More about us <SiteIcon name="arrowRight" size={18} />
              </a>
            </div>
            <CheckList items={about_section.points} />
          </div>
        </section>
      )}

      <PageSection id="faq-title" eyebrow="FAQ" title="Frequently asked questions" center>
        <Faq />
      </PageSection>

      {demo_section && (
        <section className="section section--tight" aria-labelledby="demo-title">
          <div className="container">
            <div className="cta-band">
              <h2 id="demo-title">{demo_section.title}</h2>
              <p className="lead">{demo_section.text}</p>
              <div className="button-row">
                <button
                  type="button"
                  className="button button--secondary button--large"
                  onClick={() => requestDemo(demo_section.request)}
                >
                  {demo_section.button_label}
                </button>
              </div>
            </div>
          </div>
        </section>
      )}

      <section className="section section--soft" aria-labelledby="contact-title">
        <div className="container contact-block">
          <div>
            <p className="eyebrow">Contact</p>
            <h2 id="contact-title">{contact_section?.title ?? 'Talk to us'}</h2>
            {contact_section && <p className="lead">{contact_section.text}</p>}
          </div>
          <div className="form-card" id={CONTACT_FORM_ID}>
            <LandingContactForm prefill={prefill} />
          </div>
        </div>
      </section>
    </>
  );
}
