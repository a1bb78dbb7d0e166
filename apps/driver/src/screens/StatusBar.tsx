import { useDay, useI18n } from '../App.tsx';
import { hrefOf, navigate } from '../router.ts';
import { Icon } from './parts.tsx';

/**
 * Always on top, in one compact bar: who is signed in, the messages from the office (with how many
 * are new) and signing out; under it a line of chips for what waits to be sent and whether location
 * is shared (with the last fix); then, only when there is one, the network or what the server refused.
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
    <header className="appbar">
      <div className="appbar-row">
        <strong className="appbar-name">
          {day.session.driver.fname} {day.session.driver.lname}
        </strong>
        <a
          className="icon-btn messages-link"
          href={hrefOf({ name: 'messages' })}
          aria-label={state.unread > 0 ? t('messagesUnread', { n: state.unread }) : t('messages')}
          title={t('messages')}
          data-testid="messages-link"
          onClick={(e) => {
            e.preventDefault();
            navigate({ name: 'messages' });
          }}
        >
          <Icon name="mail" />
          {state.unread > 0 && (
            <span className="count" aria-hidden="true">
              {state.unread}
            </span>
          )}
        </a>
        <button
          type="button"
          className="icon-btn"
          onClick={signOut}
          aria-label={t('signOut')}
          title={t('signOut')}
        >
          <Icon name="logout" flip />
        </button>
      </div>
      <div className="appbar-status" aria-live="polite">
        <span className={`pill ${state.waiting > 0 ? 'pill-warn' : 'pill-ok'}`} data-testid="outbox-count">
          {state.waiting > 0 ? t('waiting', { n: state.waiting }) : t('allSent')}
        </span>
        <span className={`pill ${sharing.on ? 'pill-ok' : 'pill-off'}`} data-testid="sharing">
          {sharing.on ? t('sharingOn') : t('sharingOff')}
          {sharing.on &&
            ` · ${sharing.lastFixAt ? t('lastFix', { time: fixTime(sharing.lastFixAt) }) : t('noFixYet')}`}
          {sharing.on && sharing.lastSentAt && `, ${t('lastSent', { time: fixTime(sharing.lastSentAt) })}`}
        </span>
      </div>
      {!state.online && (
        <p className="alert alert-offline appbar-alert" role="status">
          {t('offline')}
        </p>
      )}
      {sharing.problem && (
        <p className="alert alert-error appbar-alert" role="alert">
          {t(sharing.problem === 'denied' ? 'locationDenied' : 'locationUnavailable')}
        </p>
      )}
      {state.sessionEnded && (
        <p className="alert alert-error appbar-alert" role="alert">
          {t('sessionExpired')}{' '}
          <button type="button" className="btn btn-text" onClick={signOut}>
            {t('signIn')}
          </button>
        </p>
      )}
      {state.refusals.map((r) => (
        <p key={r.id} className="alert alert-error appbar-alert" role="alert">
          {t('refused', { message: r.message })}{' '}
          <button type="button" className="btn btn-text" onClick={() => day.dismissRefusal(r.id)}>
            {t('dismiss')}
          </button>
        </p>
      ))}
    </header>
  );
}
