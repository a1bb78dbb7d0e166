import { PageHeader } from '../../components/site/page-blocks';
import { useSiteSettings } from '../../components/site/site-context';
import { SiteIcon } from '../../components/site/site-icon';
import { ContactForm } from './contact-form';

/** /contact, the route named Contact Us (spec 000 §2). */
export function ContactPage() {
  const { contactEmail } = useSiteSettings();
  return (
    <>
      <PageHeader
        eyebrow="Contact"
        title="Contact Us"
        lead="Ask for a free consultation or a demo, or send us a question about your fleet. Every field is needed so we can answer you properly."
      />
      <section className="section">
        <div className="container contact-block">
          <div>
            <h2>What happens next</h2>
            <p>
              Your message goes straight to our team’s inbox. We reply by e-mail and suggest a time for a call
              if one helps.
            </p>
            {contactEmail && (
              <p>
                <SiteIcon name="mail" size={18} /> You can also write to{' '}
                <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
              </p>
            )}
          </div>
          <div className="form-card">
            <ContactForm />
          </div>
        </div>
      </section>
    </>
  );
}
