import { paths } from '../../lib/paths';
import { CheckList, CtaBand, PageHeader, SectionLinks } from '../../components/site/page-blocks';
import { SiteIcon, type SiteIconName } from '../../components/site/site-icon';
import { USE_CASE_SECTIONS, type UseCaseId } from '../../components/site/site-links';

interface UseCase {
  icon: SiteIconName;
  challenge: string;
  how: string[];
}

const USE_CASES: Record<UseCaseId, UseCase> = {
  'school-bus-companies': {
    icon: 'bus',
    challenge:
      'Every school day the same routes run twice, with children waiting at each stop and parents who want to know the bus is coming. A bus that leaves the depot late has to be known about before the first stop, not after the phone calls start.',
    how: [
      'Morning and afternoon routes planned once as scheduled trips, with stops in the order the bus visits them.',
      'Students kept with their stop, and visible from the driver’s record.',
      'A late or early departure from the depot raises an exception in the bell at once.',
      'The day’s path of each bus on the map, for the questions that come afterwards.',
      'The console says Bus, Depot and Stop if those are your words.',
    ],
  },
  'last-mile-delivery': {
    icon: 'truck',
    challenge:
      'Dozens of drops per driver, customers who dispute deliveries and a dispatcher who needs to know which orders are done, pending or missed without calling every driver.',
    how: [
      'Each drop is a destination with its tasks and order numbers, in delivery order.',
      'Drivers complete tasks with photos: proof of delivery that a manager or the client approves.',
      'Order monitoring shows every order as completed, pending or missed, newest first.',
      'Arriving or leaving late at a destination and missing one become exceptions.',
      'Working hours and finance summaries per driver come straight from the trips.',
    ],
  },
  'airport-management': {
    icon: 'plane',
    challenge:
      'Shuttles, service vehicles and ground crews run tight loops between stands, gates and depots. A vehicle that stays too long at one stand delays the next three.',
    how: [
      'Loops planned as trips with each stand as a destination and the time allowed there.',
      'Exceeded staying time, idle location and not enough time to the next destination flagged as they happen.',
      'The live map shows where every vehicle is now; the history shows where it was.',
      'Text or voice notifications reach crews in their own language.',
      'Refuels, fines and incidents recorded against the vehicle and the trip.',
    ],
  },
  'construction-companies': {
    icon: 'construction',
    challenge:
      'Material runs between yard and sites, machines moved from one site to another, fuel that disappears and damage nobody reported. The costs are real but hard to pin to a trip.',
    how: [
      'Runs between the yard (the origin) and the sites (the destinations) planned as trips.',
      'Refuels with volume and cost, fines and accidents with pictures, each tied to a driver and a trip.',
      'Maintenance history per vehicle with type, cost and who did the work.',
      'Working-hours summaries per driver for payroll, sent as PDF or Excel.',
      'Drivers and vehicles imported from the spreadsheets you already keep.',
    ],
  },
};

/** /use-cases: four sections reached by hash (spec 000 §2). */
export function UseCasesPage() {
  return (
    <>
      <PageHeader
        eyebrow="Use cases"
        title="How fleets use the console"
        lead="Four kinds of fleet, four sets of problems, one way of working: plan the trip, follow it, check the work and report on it."
      >
        <SectionLinks label="Use cases" sections={USE_CASE_SECTIONS} />
      </PageHeader>
      {USE_CASE_SECTIONS.map((section, i) => {
        const useCase = USE_CASES[section.id];
        return (
          <section
            key={section.id}
            id={section.id}
            className={i % 2 ? 'section use-case section--soft' : 'section use-case'}
            aria-labelledby={`${section.id}-title`}
          >
            <div className="container use-case__grid">
              <div>
                <span className="card__icon">
                  <SiteIcon name={useCase.icon} />
                </span>
                <h2 id={`${section.id}-title`}>{section.title}</h2>
                <p className="lead">{useCase.challenge}</p>
              </div>
              <div>
                <h3>What the console does</h3>
                <CheckList items={useCase.how} />
              </div>
            </div>
          </section>
        );
      })}
      <CtaBand
        title="Your fleet is not on this list?"
        text="Field-service and installation teams use the console with Staff and Tasks instead of drivers and trips. Tell us how your day works."
        href={paths.contact.getHref()}
        label="Contact us"
      />
    </>
  );
}
