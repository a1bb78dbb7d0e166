import type { ReactNode } from 'react';
import { paths } from '../../lib/paths';
import { SiteIcon } from '../../components/site/site-icon';
import { PRODUCT_NAME } from '../../lib/product';

const QUESTIONS: { question: string; answer: ReactNode }[] = [
  {
    question: `Which organisations is ${PRODUCT_NAME} for?`,
    answer: (
      <p>
        Any organisation whose work is drivers or staff travelling between places to do tasks: school-bus
        operators, last-mile delivery firms, airport and construction fleets, and field-service teams. Each
        organisation is a tenant with its own drivers, vehicles, trips and settings.
      </p>
    ),
  },
  {
    question: 'Can we use our own words for drivers, trips and vehicles?',
    answer: (
      <p>
        Yes. Each tenant sets its own terms for driver, trip, destination, origin and vehicle, and its
        currency, distance and volume units. A field-service team can say Staff and Tasks; a school-bus
        company can say Bus and Stop. Menus, column titles and messages use the tenant’s words.
      </p>
    ),
  },
  {
    question: 'Can it run on our own servers?',
    answer: (
      <p>
        Yes. It is offered in the cloud or on-premises. On your own servers it is one process with an embedded
        database, or PostgreSQL for larger fleets. Maps, place search and routing use open services you can
        host yourself, so nothing has to leave your network.
      </p>
    ),
  },
  {
    question: 'How do positions and proof of work reach the console?',
    answer: (
      <p>
        Drivers share their position and complete tasks with photos from the driver app. Vehicles with a GPS
        tracker can report through the OsmAnd (Traccar Client) or OwnTracks protocols instead. Positions
        appear on the live map, photos in the approvals.
      </p>
    ),
  },
  {
    question: 'Can we bring the drivers and vehicles we already have?',
    answer: (
      <p>
        Yes. Upload an Excel or CSV file: every row is checked and shown to you first, and the import then
        writes all rows or none. Lists can be exported as .xlsx files at any time.
      </p>
    ),
  },
  {
    question: 'How do we reach drivers while they are out?',
    answer: (
      <p>
        Send a text or a recorded voice notification to one driver or all of them, in the driver’s language.
        The history shows when each message was sent and when it was seen.
      </p>
    ),
  },
  {
    question: 'Is there an API?',
    answer: (
      <p>
        Yes. Everything the console does goes through a documented API, described in OpenAPI 3 with
        interactive documentation. The <a href={paths.apiCatalog.getHref()}>API catalogue</a> lists it by
        area.
      </p>
    ),
  },
  {
    question: 'What happens when we ask for a free consultation?',
    answer: (
      <p>
        You tell us about your fleet through the <a href={paths.contact.getHref()}>contact form</a>. We reply
        by e-mail to arrange a call, look at how you plan and follow trips today, and show you the same work
        in the console.
      </p>
    ),
  },
];

/** The FAQ accordions: native disclosure elements, so they open before any script has run. */
export function Faq() {
  return (
    <div className="faq">
      {QUESTIONS.map(({ question, answer }) => (
        <details key={question}>
          <summary>
            {question}
            <SiteIcon name="chevronDown" />
          </summary>
          <div>{answer}</div>
        </details>
      ))}
    </div>
  );
}
