import { paths } from '../../../lib/paths';
import { PRODUCT_NAME } from '../../../lib/product';
import { ContactMailbox, LegalDocument, type LegalSection } from './legal-document';

const SECTIONS: LegalSection[] = [
  {
    id: 'data-we-collect',
    title: 'Data we collect',
    body: (
      <>
        <p>
          <strong>Visitors to this website.</strong> When you use the contact form, ask for a demo or a
          consultation, or subscribe to the newsletter, we receive what you type (name, e-mail address,
          company, company size, telephone number and message) and the IP address the request came from, which
          we use only to stop abuse of the forms. Reading the public pages requires nothing from you.
        </p>
        <p>
          <strong>Console users.</strong> For each administrator: name, e-mail address, a salted hash of the
          password (never the password itself), the organisation they belong to, their sign-in sessions and
          recent failed sign-in attempts.
        </p>
        <p>
          <strong>Drivers and staff.</strong> An organisation using {PRODUCT_NAME} enters data about its own
          drivers or staff: name, e-mail address, vehicle, hourly rate, language, trips and tasks, photos
          taken to prove completed tasks, fines, refuels, accidents, working hours and files such as licences.
          School-bus organisations may also record students and the stop where each is picked up. The
          organisation decides what it records and is responsible for it; we process it on its behalf.
        </p>
      </>
    ),
  },
  {
    id: 'location-data',
    title: 'Location data',
    body: (
      <>
        <p>
          While a driver shares their location from the driver app, or a vehicle’s tracker reports it, the
          console receives positions with their time. They are used to show the live map and the path of past
          days, to measure arrivals, departures and stays at destinations, and to raise exceptions such as a
          late start or an idle driver.
        </p>
        <p>
          Positions are visible only to the administrators of the driver’s own organisation. Organisations
          must tell their drivers that their location is recorded while they share it, and why.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use data',
    body: (
      <ul>
        <li>To provide the console to the organisations that use it, and to secure it.</li>
        <li>
          To answer contact, demo and consultation requests, and to send the newsletter to those who asked.
        </li>
        <li>To find and fix errors, using the error log kept by the console.</li>
      </ul>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and browser storage',
    body: (
      <p>
        The console sets one strictly necessary cookie, to keep an administrator signed in, and keeps their
        settings in the browser’s storage. The public pages set no cookies and no tracking or advertising
        cookies are used anywhere. The <a href={paths.cookiePolicy.getHref()}>Cookie Policy</a> explains each
        item.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep data',
    body: (
      <ul>
        <li>
          Contact, demo and newsletter requests: until the request is handled, or for the newsletter until you
          ask to leave it.
        </li>
        <li>
          Sign-in sessions: a session ends after 12 hours without use and at most 7 days after sign-in (an
          organisation running its own installation may set other limits); ended sessions are deleted.
        </li>
        <li>Failed sign-in attempts: for the lockout period, 15 minutes unless configured otherwise.</li>
        <li>
          Organisation data, including location data: as long as the organisation uses the service and as it
          instructs us. Records that are deleted in the console are archived so that past trips stay complete,
          and are erased on the organisation’s request.
        </li>
      </ul>
    ),
  },
  {
    id: 'transfer',
    title: 'Sharing and transfer',
    body: (
      <>
        <p>
          We do not sell personal data. We share it only with the providers we need to run the service
          (hosting and e-mail delivery), bound to use it for that purpose only. An organisation that runs{' '}
          {PRODUCT_NAME} on its own servers keeps its data there; we do not receive it.
        </p>
        <p>
          Where data is transferred to another country, we do so only with the safeguards the law of the
          country it came from requires.
        </p>
      </>
    ),
  },
  {
    id: 'deletion',
    title: 'Access, correction and deletion',
    body: (
      <p>
        You may ask to see the personal data we hold about you, to correct it or to delete it. Drivers and
        staff should first ask their own organisation, which controls their data in the console. Visitors can
        write to <ContactMailbox />; we answer within one month.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children under 13',
    body: (
      <p>
        This website and the console are not meant for children under 13, and we do not knowingly collect
        personal data from them. Students recorded by a school-bus organisation are entered by that
        organisation, which is responsible for having the consent of their parents or guardians. If you
        believe a child under 13 has sent us personal data, write to <ContactMailbox /> and we will delete it.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Connections are encrypted when the service is reached over HTTPS. Passwords are stored only as salted
        hashes, sessions as hashes of random tokens, and each request is checked against the signed-in
        organisation so that no organisation can read another’s records.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>When this policy changes, the new version is published on this page with a new date at the top.</p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about this policy or your data: <ContactMailbox />.
      </p>
    ),
  },
];

/** /privacy-policy: the topics of spec 002 §2 (data collected, cookies, retention, transfer, deletion, children under 13, location data). */
export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what personal data {PRODUCT_NAME} collects through this website and the
          console, why, how long it is kept and what you can ask us to do with it.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
