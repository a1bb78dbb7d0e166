import { paths } from '../../lib/paths';
import { CheckList, CtaBand, IconCard, PageHeader, SectionHead } from '../../components/site/page-blocks';
import { PRODUCT_NAME } from '../../lib/product';

const PRINCIPLES = [
  'Open maps, place search and routing that you can host yourself, and a map that still draws your data offline.',
  'Your data stays yours: exports as .xlsx files and a documented API for everything the console does.',
  'Each organisation sees only its own records; every request is checked against the signed-in tenant.',
  'Sessions in secure, httpOnly cookies; passwords stored only as salted hashes and never a common one; repeated failed sign-ins slowed down, without locking the owner out.',
  'One installation runs in the cloud or on your own servers, on an embedded database or PostgreSQL.',
];

/** /about-us. */
export function AboutPage() {
  return (
    <>
      <PageHeader
        eyebrow="About us"
        title="Software for the people who keep fleets moving"
        lead={`${PRODUCT_NAME} is the console dispatchers, transport managers and fleet owners use to plan trips, follow them as they happen and account for them afterwards.`}
      />
      <section className="section">
        <div className="container split">
          <div>
            <h2>What we make</h2>
            <p>
              Most fleets run on a mix of phone calls, spreadsheets and a tracker portal that shows dots on a
              map but not whether the work got done. {PRODUCT_NAME} puts the plan and the result in one place:
              a trip with its stops in order and the tasks at each, the driver’s position while it runs, the
              photos that prove each task, and the exceptions when something goes wrong.
            </p>
            <p>
              It serves school-bus companies, last-mile delivery firms, airport and construction fleets, and
              field-service teams. Each organisation works in its own words and its own currency and units.
            </p>
          </div>
          <div className="grid">
            <IconCard icon="tools" title="25 years of integration">
              <p>
                The team behind {PRODUCT_NAME} brings 25 years of experience connecting operational systems,
                which is why the console comes with imports, exports and an API from the start.
              </p>
            </IconCard>
          </div>
        </div>
      </section>
      <section className="section section--soft">
        <div className="container">
          <SectionHead
            title="How we build it"
            intro="A few choices we hold to, because fleets depend on them every day."
          />
          <CheckList items={PRINCIPLES} />
          <p>
            Read the <a href={paths.privacyPolicy.getHref()}>privacy policy</a> for what personal data the
            console keeps, or browse the <a href={paths.apiCatalog.getHref()}>API catalogue</a>.
          </p>
        </div>
      </section>
      <CtaBand
        title="Talk to the team"
        text="Questions about your fleet, a demo, or running the console on your own servers: we answer every message."
        href={paths.contact.getHref()}
        label="Contact us"
      />
    </>
  );
}
