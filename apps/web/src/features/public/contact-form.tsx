import { useState, type FormEvent } from 'react';
import {
  CONTACT_LIMITS as MAX,
  CONTACT_TIMEOUT_MS,
  LOGIN_EMAIL_PATTERN,
  MESSAGES,
} from '@fleet/contract/site';
import { postJson } from '../../lib/site-fetch';
import { FormField, FormNoticeLine, SubmitButton, type FormNotice } from './form-field';
import { matches, maxLength, required, useSiteForm, type Rule } from './use-site-form';

type Field = 'name' | 'email' | 'telephone' | 'company' | 'message';

const EMPTY: Record<Field, string> = { name: '', email: '', telephone: '', company: '', message: '' };

/** Spec 002 §5: every field required, validated on blur, with the spec's own messages. */
const RULES: Record<Field, Rule[]> = {
  name: [required(MESSAGES.content.fullNameRequired), maxLength(MAX.name)],
  email: [matches(LOGIN_EMAIL_PATTERN, MESSAGES.content.emailInvalid), maxLength(MAX.email)],
  telephone: [required(MESSAGES.content.telephoneRequired), maxLength(MAX.phone)],
  company: [required(MESSAGES.content.companyRequired), maxLength(MAX.company)],
  message: [required(MESSAGES.content.messageRequired), maxLength(MAX.message)],
};

/**
 * The Contact Us form (spec 002 §2, §4): idle or submitting, reset after a success; sent with
 * `POST content/contacts` as `{data: {name, email, company, telephone, message}}`, 10 s timeout.
 */
export function ContactForm() {
  const form = useSiteForm(EMPTY, RULES);
  const [submitting, setSubmitting] = useState(false);
  const [notice, setNotice] = useState<FormNotice>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validateAll()) {
      setNotice({ ok: false, text: MESSAGES.content.formInvalid });
      return;
    }
    setSubmitting(true);
    setNotice(null);
    const result = await postJson(
      '/api/content/contacts',
      { data: form.trimmed() },
      { timeoutMs: CONTACT_TIMEOUT_MS, fallback: MESSAGES.content.sendFailed },
    );
    setSubmitting(false);
    if (result.ok) {
      form.reset();
      setNotice({ ok: true, text: MESSAGES.content.sent });
    } else {
      setNotice({ ok: false, text: result.message });
    }
  };

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate aria-label="Contact form">
      <div className="form__row">
        <FormField label="Full name" field={form.field('name')} autoComplete="name" />
        <FormField label="E-mail" field={form.field('email')} type="email" autoComplete="email" />
      </div>
      <div className="form__row">
        <FormField label="Telephone" field={form.field('telephone')} type="tel" autoComplete="tel" />
        <FormField label="Company" field={form.field('company')} autoComplete="organization" />
      </div>
      <FormField label="Message" field={form.field('message')} multiline />
      <FormNoticeLine notice={notice} />
      <SubmitButton busy={submitting} />
    </form>
  );
}
