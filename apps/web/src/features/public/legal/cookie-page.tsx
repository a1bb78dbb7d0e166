import { paths } from '../../../lib/paths';
import { PRODUCT_NAME } from '../../../lib/product';
import { ContactMailbox, LegalDocument, type LegalSection } from './legal-document';

const SECTIONS: LegalSection[] = [
  {
    id: 'what-cookies-are',
    title: 'What cookies are',
    body: (
      <p>
        A cookie is a small piece of text a website asks your browser to keep and send back with later
        requests. Browsers also offer websites other storage (session storage and local storage) that stays in
        the browser.
      </p>
    ),
  },
  {
    id: 'our-cookie',
    title: 'The one cookie we set',
    body: (
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Purpose</th>
              <th scope="col">Duration</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>
                <code>fleet_session</code>
              </td>
              <td>
                Keeps an administrator signed in to the console. Strictly necessary; set only when someone
                signs in. It cannot be read by scripts (httpOnly), is not sent with requests from other sites
                (SameSite=Lax) and is sent only over HTTPS when the site is served over HTTPS.
              </td>
              <td>Until sign-out, 12 hours without use, or 7 days after sign-in (the defaults)</td>
            </tr>
          </tbody>
        </table>
      </div>
    ),
  },
  {
    id: 'no-tracking',
    title: 'No analytics or advertising cookies',
    body: (
      <p>
        The public pages of this website set no cookies at all. Neither the website nor the console uses
        analytics, advertising or social-media cookies, and no third party sets cookies through them.
      </p>
    ),
  },
  {
    id: 'browser-storage',
    title: 'What the console keeps in your browser',
    body: (
      <ul>
        <li>
          Session storage: the signed-in administrator’s e-mail address and organisation, so the console knows
          who you are in this tab. It disappears when the tab is closed.
        </li>
        <li>
          Local storage: your organisation’s terms (what it calls drivers, trips and vehicles), currency,
          units and map location, so labels appear at once. It is cleared when you sign out.
        </li>
      </ul>
    ),
  },
  {
    id: 'managing',
    title: 'Managing cookies',
    body: (
      <p>
        Your browser’s settings let you see and delete cookies and site storage. If you block the{' '}
        {PRODUCT_NAME} session cookie you can still read this website, but you cannot sign in to the console.
      </p>
    ),
  },
  {
    id: 'more',
    title: 'More information',
    body: (
      <p>
        The <a href={paths.privacyPolicy.getHref()}>Privacy Policy</a> explains how we handle personal data.
        Questions: <ContactMailbox />.
      </p>
    ),
  },
];

/** /cookie-policy. */
export function CookiePage() {
  return (
    <LegalDocument
      title="Cookie Policy"
      intro={
        <p>This policy lists every cookie and every kind of browser storage {PRODUCT_NAME} uses, and why.</p>
      }
      sections={SECTIONS}
    />
  );
}
