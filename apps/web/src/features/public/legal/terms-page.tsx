import { paths } from '../../../lib/paths';
import { PRODUCT_NAME } from '../../../lib/product';
import { ContactMailbox, LegalDocument, type LegalSection } from './legal-document';

const SECTIONS: LegalSection[] = [
  {
    id: 'agreement',
    title: 'Agreement',
    body: (
      <p>
        These terms apply to this website and to the {PRODUCT_NAME} console. By using either you accept them.
        If you use the console for an organisation, you accept them for that organisation, and a separate
        written agreement with it, where there is one, takes precedence.
      </p>
    ),
  },
  {
    id: 'service',
    title: 'The service',
    body: (
      <p>
        {PRODUCT_NAME} lets organisations plan and follow trips, manage drivers and vehicles, review proof of
        work and report on it. It is offered in the cloud or for installation on the organisation’s own
        servers. We may improve and change features over time; we will not remove a core function an
        organisation relies on without notice.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Accounts',
    body: (
      <p>
        Administrators sign in with their own e-mail address and password and must keep them secret. Each
        organisation is responsible for who it gives an account, and for what is done with its accounts. Tell
        us at once if you believe an account has been misused.
      </p>
    ),
  },
  {
    id: 'your-data',
    title: 'Your data',
    body: (
      <>
        <p>
          The data an organisation enters, including its drivers’ locations and photos, remains its own. We
          use it only to provide the service, as set out in the{' '}
          <a href={paths.privacyPolicy.getHref()}>Privacy Policy</a>. Lists can be exported at any time, and
          everything is reachable through the API.
        </p>
        <p>
          The organisation is responsible for having a lawful basis for the personal data it records, and for
          telling its drivers and staff that their location is recorded while they share it.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <ul>
        <li>Do not use the service to track people who have not been told they are tracked.</li>
        <li>Do not try to reach another organisation’s data, or to get around sign-in or access checks.</li>
        <li>Do not send unlawful content, malware, or requests meant to overload the service.</li>
      </ul>
    ),
  },
  {
    id: 'api',
    title: 'The API',
    body: (
      <p>
        The API may be used by your own systems with your own accounts, within reasonable request volumes. The{' '}
        <a href={paths.apiCatalog.getHref()}>API catalogue</a> and the interactive documentation describe it.
      </p>
    ),
  },
  {
    id: 'fees',
    title: 'Fees',
    body: <p>Fees, if any, are those agreed with the organisation in its order or agreement.</p>,
  },
  {
    id: 'liability',
    title: 'Warranty and liability',
    body: (
      <p>
        We provide the service with reasonable skill and care, but we cannot promise it will never be
        interrupted or that positions reported by phones and trackers are always exact. To the extent the law
        allows, we are not liable for indirect or consequential loss, and our total liability is limited to
        the fees paid for the service in the twelve months before the claim.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Ending the service',
    body: (
      <p>
        An organisation may stop using the service at any time; we recommend exporting its data first. We may
        suspend an account that breaks these terms, after warning it where we can.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>When these terms change, the new version is published on this page with a new date at the top.</p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms: <ContactMailbox />.
      </p>
    ),
  },
];

/** /terms-conditions. */
export function TermsPage() {
  return (
    <LegalDocument
      title="Terms & Conditions"
      intro={<p>Please read these terms before using this website or the {PRODUCT_NAME} console.</p>}
      sections={SECTIONS}
    />
  );
}
