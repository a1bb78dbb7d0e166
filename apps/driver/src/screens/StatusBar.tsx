import { useDay, useI18n } from '../App.tsx';
import { hrefOf, navigate } from '../router.ts';

/**
 * Always on top: who is signed in, the messages from the office (with how many are new), the
 * network, what waits to be sent, whether location is shared and the last fix, and what the server
 * refused.
 */
export function StatusBar({ onSignOut }: { onSignOut: () => void }) {
  const { t, time } = useI18n();
  const { day, state } = useDay();
  const { sharing } = state;

  const signOut = async () => {
    if (state.waiting > 0 && !window.confirm(t('signOutWaiting'))) return;
    await day.signOut();
    onSignOut();
  };
  const fixTime = (ms: number) => time(new Date(ms).toISOString().slice(0, 19).replace('T', ' '));

  return (
    <header className="status">
      <div className="status-row">
        <strong className="status-name">
          {day.session.driver.fname} {day.session.driver.lname}
        </strong>
        <span className="status-row">
          <a
            className="btn btn-small messages-link"
            href={hrefOf({ name: 'messages' })}
            aria-label={state.unread > 0 ? t('messagesUnread', { n: state.unread }) : t('messages')}
            data-testid="messages-link"
            onClick={(e) => {
              e.preventDefault();
              navigate({ name: 'messages' });
            }}
          >
            {t('messages')}
            {state.unread > 0 && (
              <span className="count" aria-hidden="true">
                {state.unread}
              </span>
            )}
          </a>
          <button type="button" className="btn btn-small" onClick={signOut}>
            {t('signOut')}
          </button>
        </span>
      </div>
      <div className="status-row status-pills" aria-live="polite">
        <span className={`pill ${state.waiting > 0 ? 'pill-warn' : 'pill-ok'}`} data-testid="outbox-count">
          {state.waiting > 0 ? t('waiting', { n: state.waiting }) : t('allSent')}
        </span>
        <span className={`pill ${sharing.on ? 'pill-ok' : ''}`} data-testid="sharing">
          {sharing.on ? t('sharingOn') : t('sharingOff')}
          {sharing.on &&
            ` · ${sharing.lastFixAt ? t('lastFix', { time: fixTime(sharing.lastFixAt) }) : t('noFixYet')}`}
          {sharing.on && sharing.lastSentAt && `, ${t('lastSent', { time: fixTime(sharing.lastSentAt) })}`}
        </span>
      </div>
      <label className="toggle">
        <input type="checkbox" checked={sharing.onDuty} onChange={(e) => day.setOnDuty(e.target.checked)} />
        <span>{t('shareOnDuty')}</span>
      </label>
      {!state.online && (
        <p className="alert alert-offline" role="status">
          {t('offline')}
        </p>
      )}
      {sharing.problem && (
        <p className="alert alert-error" role="alert">
          {t(sharing.problem === 'denied' ? 'locationDenied' : 'locationUnavailable')}
        </p>
      )}
      {state.sessionEnded && (
        <p className="alert alert-error" role="alert">
          {t('sessionExpired')}{' '}
          <button type="button" className="btn btn-small" onClick={signOut}>
            {t('signIn')}
          </button>
        </p>
      )}
      {state.refusals.map((r) => (
        <p key={r.id} className="alert alert-error" role="alert">
          {t('refused', { message: r.message })}{' '}
          <button type="button" className="btn btn-small" onClick={() => day.dismissRefusal(r.id)}>
            {t('dismiss')}
          </button>
        </p>
      ))}
    </header>
  );
}
