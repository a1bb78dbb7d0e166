import { useEffect, useRef, useState, type FormEvent } from 'react';
import { COMPANY_SIZES, CONTACT_LIMITS as MAX, LOGIN_EMAIL_PATTERN, MESSAGES } from '@fleet/contract/site';
import { postJson } from '../../lib/site-fetch';
import { FormField, FormNoticeLine, SubmitButton, type FormNotice } from './form-field';
import { matches, maxLength, required, useSiteForm, type Rule } from './use-site-form';

type Field = 'name' | 'email' | 'companySize' | 'phoneNumber' | 'discuss';

const EMPTY: Record<Field, string> = { name: '', email: '', companySize: '', phoneNumber: '', discuss: '' };

/** Spec 002 §5: e-mail required and valid, every other field required ('Field is required'). */
const RULES: Record<Field, Rule[]> = {
  name: [required(MESSAGES.required), maxLength(MAX.name)],
  email: [required(MESSAGES.required), matches(LOGIN_EMAIL_PATTERN, MESSAGES.content.emailInvalid)],
  companySize: [required(MESSAGES.required)],
  phoneNumber: [required(MESSAGES.required), maxLength(MAX.phone)],
  discuss: [required(MESSAGES.required), maxLength(MAX.message)],
};

/** A request to write into the form: each new object is applied once (the demo button sends one). */
export interface DiscussPrefill {
  text: string;
}

/**
 * The landing page's contact form (spec 002 §2): name, e-mail, company size, phone and what to
 * discuss, sent with `POST admin/send-email`. The demo button fills "discuss" through `prefill`.
 */
export function LandingContactForm({ prefill }: { prefill: DiscussPrefill | null }) {
  const form = useSiteForm(EMPTY, RULES);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<FormNotice>(null);
  const discussRef = useRef<HTMLInputElement & HTMLTextAreaElement & HTMLSelectElement>(null);
  const { set } = form;

  useEffect(() => {
    if (!prefill) return;
    set('discuss', prefill.text);
    discussRef.current?.focus({ preventScroll: true });
  }, [prefill, set]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (!form.validateAll()) return;
    setSending(true);
    const result = await postJson('/api/admin/send-email', form.trimmed(), {
      timeoutMs: 60_000,
      fallback: MESSAGES.content.sendFailed,
    });
    setSending(false);
    setNotice({ ok: result.ok, text: result.ok ? MESSAGES.content.sent : result.message });
    if (result.ok) form.reset();
  };

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate aria-label="Contact us">
      <div className="form__row">
        <FormField label="Name" field={form.field('name')} autoComplete="name" />
        <FormField label="E-mail" field={form.field('email')} type="email" autoComplete="email" />
      </div>
      <div className="form__row">
        <FormField label="Company size" field={form.field('companySize')} options={COMPANY_SIZES} />
        <FormField label="Phone number" field={form.field('phoneNumber')} type="tel" autoComplete="tel" />
      </div>
      <FormField
        label="What would you like to discuss?"
        field={form.field('discuss')}
        multiline
        inputRef={discussRef}
      />
      <FormNoticeLine notice={notice} />
      <SubmitButton busy={sending} />
    </form>
  );
}
