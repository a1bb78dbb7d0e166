import { paths } from '../../lib/paths';
import { CardGrid, CheckList, CtaBand, PageHeader, PageSection } from '../../components/site/page-blocks';
import type { CardItem } from '../../components/site/page-blocks';
import { SiteIcon } from '../../components/site/site-icon';
import { hrefOfUseCase } from '../../components/site/site-links';

const FEATURES: CardItem[] = [
  {
    icon: 'repeat',
    title: 'Routes planned once',
    text: 'The morning and afternoon runs are scheduled trips: the stops in the order the bus visits them, created again on the school days you choose.',
  },
  {
    icon: 'people',
    title: 'Every pupil with their stop',
    text: 'Students are kept with their bus stop, their driver and their guardians. Planning a run, you pick the driver’s pupils and their stops are added in turn.',
  },
  {
    icon: 'alert',
    title: 'Late buses known at once',
    text: 'A bus that leaves the depot late, arrives late at a stop or misses one raises an exception in the console’s bell as it happens, not after the phone calls.',
  },
  {
    icon: 'map',
    title: 'Every bus on the map',
    text: 'Where each bus is now, and the path it took on any day, for the questions that come afterwards.',
  },
  {
    icon: 'approval',
    title: 'Proof at the stop',
    text: 'The driver takes a photo at a pupil’s stop when one is asked for; the guardians of that pupil see it in their own view.',
  },
  {
    icon: 'shield',
    title: 'Buses kept safe and ready',
    text: 'Accidents with pictures, refuels, fines and drivers’ requests to change bus, each recorded against the bus, the driver and the run.',
  },
];

const DAY = [
  {
    title: 'Before term',
    text: 'Import your buses and drivers from a spreadsheet, add the pupils with their stops and guardians, and schedule each route.',
  },
  {
    title: 'Every morning',
    text: 'The day’s runs are created from the schedule. Drivers start them in the driver app on their phone, which shares the bus’s position.',
  },
  {
    title: 'On the road',
    text: 'The dashboard shows each run as waiting, started late or early, or finished; the bell lists what went wrong at which stop.',
  },
  {
    title: 'Afterwards',
    text: 'A report of each run with its stops and times, incidents per bus, and every list exported as a spreadsheet.',
  },
];

const FOR_PARENTS = [
  'Guardians sign in to their own page, separate from the console.',
  'They see their children, each with their stop.',
  'They see the photos the driver takes at their children’s stops, and nobody else’s.',
  'Your office keeps the console to itself: guardians read, they change nothing.',
];

/** /schoolBus: the school bus industry page the home page's blurb opens (spec 002 §2). */
export function SchoolBusPage() {
  return (
    <>
      <PageHeader
        eyebrow="School bus"
        title="School transport that runs on time"
        lead="The same routes twice a day, children waiting at every stop and parents who want to know the bus is coming. Fleet Console plans the runs, follows each bus and shows what happened at every stop."
      >
        <div className="button-row">
          <a className="button button--primary button--large" href={paths.contact.getHref()}>
            Ask for a demo
          </a>
          <a className="button button--secondary button--large" href={hrefOfUseCase('school-bus-companies')}>
            Other fleets like yours
          </a>
        </div>
      </PageHeader>

      <PageSection
        id="school-bus-features"
        eyebrow="What it does"
        title="Built around the school run"
        intro="A school bus organisation’s console has students, guardians and stop pickers, and says Bus and Stop if those are your words."
      >
        <CardGrid cards={FEATURES} columns={3} />
      </PageSection>

      <PageSection id="school-bus-day" eyebrow="A school day" title="From timetable to report" soft>
        <ol className="steps">
          {DAY.map((step) => (
            <li key={step.title}>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </PageSection>

      <PageSection id="school-bus-parents" eyebrow="For parents" title="A view of their own">
        <div className="split">
          <CheckList items={FOR_PARENTS} />
          <p className="lead">
            <SiteIcon name="bus" size={20} /> Parents stop calling the office to ask whether the bus has been:
            the photo at the stop answers them.
          </p>
        </div>
      </PageSection>

      <CtaBand
        title="See it with your own routes"
        text="Tell us how many buses and pupils you have; we will show you a school day in the console."
        href={paths.contact.getHref()}
        label="Contact us"
      />
    </>
  );
}
