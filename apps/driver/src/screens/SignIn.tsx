import { useState, type FormEvent } from 'react';
import type { TDriverSession } from '@fleet/contract';
import { ApiError, driverApi, OfflineError } from '../api.ts';
import { useI18n } from '../App.tsx';
import { Icon } from './parts.tsx';

/** Sign-in with the driver's e-mail and password; a clear message for each way it can fail. */
export function SignIn({ onSignedIn }: { onSignedIn: (session: TDriverSession) => void }) {
  const { t } = useI18n();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await driverApi.login(email.trim(), password));
    } catch (e) {
      if (e instanceof OfflineError) setError(t('noNetworkSignIn'));
      else if (e instanceof ApiError && e.status === 401) setError(t('wrongCredentials'));
      // 400 (a missing field), 429 (too many attempts): the server's own message says what to do.
      else if (e instanceof ApiError && e.status < 500) setError(e.message);
      else setError(t('somethingWrong'));
      setBusy(false);
    }
  };

  return (
    <main id="main" className="signin">
      <p className="brand">
        <span className="brand-tile" aria-hidden="true">
          <Icon name="truck" />
        </span>
        {t('appName')}
      </p>
      <form className="card signin-card" onSubmit={submit} noValidate aria-labelledby="signin-title">
        <h1 id="signin-title">{t('signInTitle')}</h1>
        <label className="field">
          <span>{t('email')}</span>
          <input
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <label className="field">
          <span>{t('password')}</span>
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {error && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
        <button className="btn btn-primary btn-block" type="submit" disabled={busy}>
          {busy ? t('signingIn') : t('signIn')}
        </button>
      </form>
    </main>
  );
}
