import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { LOGIN_EMAIL_PATTERN, MESSAGES } from '@fleet/contract/site';
import { SiteIcon } from '../components/site/site-icon';
import { postJson } from '../lib/site-fetch';

/** The newsletter button goes back to idle this long after a success or a failure (spec 000 §4). */
export const NEWSLETTER_RESET_MS = 1500;
/** What the newsletter box writes in the request, so the sales inbox knows what it is. */
export const NEWSLETTER_REQUEST = 'Please add me to the newsletter.';

export type NewsletterState = 'idle' | 'loading' | 'success' | 'error';

const BUTTON: Record<NewsletterState, string> = {
  idle: 'Subscribe',
  loading: 'Subscribing…',
  success: 'Subscribed',
  error: 'Not sent',
};

/**
 * The footer's newsletter box (spec 000 §4, §5): the trimmed e-mail must match the login pattern,
 * otherwise nothing is sent; the button goes idle → loading → success (a tick) or error (a cross),
 * and back to idle after 1.5 s.
 */
export function NewsletterBox() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<NewsletterState>('idle');
  const [invalid, setInvalid] = useState(false);
  const [status, setStatus] = useState('');
  const reset = useRef<number | undefined>(undefined);
  const inputId = useId();
  const hintId = useId();

  useEffect(() => () => window.clearTimeout(reset.current), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state !== 'idle') return;
    const trimmed = email.trim();
    if (!LOGIN_EMAIL_PATTERN.test(trimmed)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setState('loading');
    setStatus('');
    const result = await postJson(
      '/api/admin/send-email',
      { email: trimmed, discuss: NEWSLETTER_REQUEST },
      { timeoutMs: 60_000, fallback: MESSAGES.content.sendFailed },
    );
    setState(result.ok ? 'success' : 'error');
    setStatus(result.ok ? 'Thank you, you are on the list.' : result.message);
    if (result.ok) setEmail('');
    reset.current = window.setTimeout(() => setState('idle'), NEWSLETTER_RESET_MS);
  };

  return (
    <form className="newsletter" onSubmit={(event) => void submit(event)} noValidate aria-label="Newsletter">
      <label className="newsletter__label" htmlFor={inputId}>
        Get new articles by e-mail
      </label>
      <div className="newsletter__row">
        <input
          id={inputId}
          className="input newsletter__input"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@company.com"
          value={email}
          aria-invalid={invalid || undefined}
          aria-describedby={hintId}
          onChange={(event) => {
            setEmail(event.target.value);
            setInvalid(false);
          }}
        />
        <button
          type="submit"
          className={`button newsletter__button newsletter__button--${state}`}
          aria-busy={state === 'loading' || undefined}
          disabled={state !== 'idle'}
        >
          {state === 'loading' && <span className="spinner" aria-hidden="true" />}
          {state === 'success' && <SiteIcon name="check" size={18} />}
          {state === 'error' && <SiteIcon name="close" size={18} />}
          {BUTTON[state]}
        </button>
      </div>
      <p id={hintId} className={invalid ? 'field__error' : 'newsletter__status'} role="status">
        {invalid ? MESSAGES.content.emailInvalid : status}
      </p>
    </form>
  );
}
