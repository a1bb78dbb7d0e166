import { paths } from '../../lib/paths';
import { CardGrid, CtaBand, PageHeader, SectionHead, SectionLinks } from '../../components/site/page-blocks';
import type { SiteIconName } from '../../components/site/site-icon';
import { PRODUCT_NAME } from '../../lib/product';

interface Feature {
  icon: SiteIconName;
  title: string;
  text: string;
}

interface FeatureGroup {
  id: string;
  title: string;
  intro: string;
  features: Feature[];
}

const GROUPS: FeatureGroup[] = [
  {
    id: 'operations',
    title: 'Plan and follow the day',
    intro:
      'Trips are the heart of the console: where a driver starts, where they go, in what order, and what they do there.',
    features: [
      {
        icon: 'route',
        title: 'Trips with ordered stops and tasks',
        text: 'A trip has an origin, destinations in the order they are visited and tasks at each destination, each with an optional order number. The trip’s type, expected start and notes travel with it.',
      },
      {
        icon: 'repeat',
        title: 'Scheduled trips',
        text: 'Trips that repeat (the morning school run, the daily depot loop) are planned once and created again on the days you choose.',
      },
      {
        icon: 'map',
        title: 'Live map',
        text: 'The last known position of every driver today, or the path one driver took on any day. Select a trip to see its route and stops.',
      },
      {
        icon: 'calendar',
        title: 'Dashboard',
        text: 'Today’s trips per driver filtered by late, early, finished and waiting; order monitoring; pending approvals; and a half-hour chart of the day’s completed work.',
      },
    ],
  },
  {
    id: 'control',
    title: 'Catch problems and check the work',
    intro: 'The console tells you what needs attention, and keeps the evidence of what was done.',
    features: [
      {
        icon: 'alert',
        title: 'Exceptions',
        text: 'Started late or too soon, missed destination, driving time out of range, idle location, overlong stay, early or late arrival and departure, and not enough time for the next stop, each in the bell as it happens.',
      },
      {
        icon: 'approval',
        title: 'Task approvals',
        text: 'Drivers complete tasks with photos. Managers accept or reject pending requests; clients get a view-only list of their own approvals with the photos.',
      },
      {
        icon: 'bell',
        title: 'Notifications to drivers',
        text: 'Text or recorded voice messages to one driver or to all, in the driver’s language, with the time each was seen.',
      },
      {
        icon: 'assistant',
        title: 'AI assistant',
        text: 'An assistant in the console, connected to the language model you choose, answers questions and helps plan journeys from what you tell it about your fleet.',
      },
    ],
  },
  {
    id: 'fleet',
    title: 'Keep the fleet and the people in order',
    intro: 'Everything that happens to a vehicle or a driver is recorded against the trip it happened on.',
    features: [
      {
        icon: 'people',
        title: 'Drivers',
        text: 'Profiles with vehicle, hourly rate and language, files (licences, contracts) sent by e-mail, and tabs for their trips, accidents, fines, refuels and locations.',
      },
      {
        icon: 'wrench',
        title: 'Vehicles and maintenance',
        text: 'Vehicles with reference, brand, model and year; maintenance history with type, cost and who did it; change requests from drivers.',
      },
      {
        icon: 'fuel',
        title: 'Refuels, fines and accidents',
        text: 'Fuel volume and cost, fines with their status (not paid, postponed, paid) and accidents with pictures, each tied to a driver and a trip.',
      },
      {
        icon: 'bus',
        title: 'Students (school bus)',
        text: 'School-bus tenants keep students with their stop, so each route knows who is picked up where.',
      },
    ],
  },
  {
    id: 'reports',
    title: 'Report, pay and analyse',
    intro: 'The numbers come from the trips themselves, not from a separate spreadsheet.',
    features: [
      {
        icon: 'report',
        title: 'Working hours',
        text: 'A summary per driver for any date range: trips, working time, accidents and fuel, exported to Excel.',
      },
      {
        icon: 'finance',
        title: 'Finance summaries',
        text: 'Hours times hourly rate per driver and day, sent by e-mail as PDF or Excel, for one driver or for all drivers of last month.',
      },
      {
        icon: 'calendar',
        title: 'Analytics',
        text: 'Drivers with the most trips and working hours, the fewest incidents and the most exceptions, over the dates you pick.',
      },
      {
        icon: 'shield',
        title: 'Logs',
        text: 'Errors recorded with the user who met them, so problems can be traced and cleared.',
      },
    ],
  },
  {
    id: 'platform',
    title: 'Fit it to your organisation',
    intro: `${PRODUCT_NAME} adapts to the organisation using it, and connects to the systems around it.`,
    features: [
      {
        icon: 'terms',
        title: 'Your terminology',
        text: 'Name drivers, trips, destinations, origins and vehicles in your own words; pick the currency, distance and volume units and the map’s home location.',
      },
      {
        icon: 'tenants',
        title: 'Multi-tenant',
        text: 'Several organisations on one installation, each seeing only its own data; an optional CRM module per tenant.',
      },
      {
        icon: 'upload',
        title: 'Imports and exports',
        text: 'Drivers and vehicles from Excel or CSV, checked row by row before anything is written; lists exported as .xlsx.',
      },
      {
        icon: 'api',
        title: 'Documented API',
        text: 'Every screen works through the same API, described in OpenAPI 3 with interactive documentation.',
      },
    ],
  },
];

/** /features: marketing copy only (spec 000 §2), the product's capabilities by area. */
export function FeaturesPage() {
  return (
    <>
      <PageHeader
        eyebrow="Features"
        title="Everything a day on the road needs, in one console"
        lead="From the trip plan to the finance summary: what the console does for the people who plan trips, the managers who check the work and the accountants who pay for it."
      >
        <SectionLinks label="Feature areas" sections={GROUPS} />
      </PageHeader>
      <section className="section">
        <div className="container">
          {GROUPS.map((group) => (
            <div className="feature-group" key={group.id}>
              <SectionHead id={group.id} title={group.title} intro={group.intro} />
              <CardGrid cards={group.features} />
            </div>
          ))}
        </div>
      </section>
      <CtaBand
        title="See it with your own trips"
        text="Tell us how your fleet works today and we will show you the same day in the console."
        href={paths.contact.getHref()}
        label="Free consultation"
      />
    </>
  );
}
