import { useEffect, useState } from 'react';
import type { TNotification } from '@fleet/contract';
import { useDay, useI18n } from '../App.tsx';
import { driverApi } from '../api.ts';
import { disablePush, enablePush, pushState, pushSupported, type PushState } from '../push.ts';
import { BackButton, Heading } from './parts.tsx';

/**
 * The messages the office sent, newest first: a message opens to its text or its recording and
 * is marked seen as it opens; Acknowledge tells the office the driver has it (both wait on the
 * phone without a network, as every action does). New messages arrive
 * while the screen is open (the live stream). Above them, getting messages while the app is
 * closed (Web Push), or why that is not possible here.
 */
export default function MessagesScreen() {
  const { t } = useI18n();
  const { day, state } = useDay();
  const [open, setOpen] = useState<number | null>(null);

  useEffect(() => void day.loadMessages(), [day]);

  const toggle = (message: TNotification) => {
    setOpen(open === message.id ? null : message.id);
    if (message.seen_at === null) void day.markMessage(message, 'seen');
  };

  const acknowledge = (message: TNotification) => void day.markMessage(message, 'feedback');

  return (
    <>
      <div className="toolbar">
        <BackButton />
        <Heading>{t('messages')}</Heading>
      </div>
      <PushOffer />
      {state.messages === null ? (
        <p className="empty">{t('loading')}</p>
      ) : state.messages.length === 0 ? (
        <p className="empty">{t('noMessages')}</p>
      ) : (
        <ul className="cards" aria-live="polite">
          {state.messages.map((message) => (
            <li key={message.id}>
              <MessageCard
                message={message}
                open={open === message.id}
                onToggle={() => toggle(message)}
                onAcknowledge={() => acknowledge(message)}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function MessageCard({
  message,
  open,
  onToggle,
  onAcknowledge,
}: {
  message: TNotification;
  open: boolean;
  onToggle: () => void;
  onAcknowledge: () => void;
}) {
  const { t, time, day: dayName } = useI18n();
  const unread = message.seen_at === null;
  const voice = message.is_text === 0;
  return (
    <article className={`card message ${unread ? 'message-unread' : ''}`} data-testid="message">
      <button
        type="button"
        className="message-head"
        aria-expanded={open}
        aria-controls={`message-${message.id}`}
        onClick={onToggle}
      >
        <span className="card-title">{message.title}</span>
        {unread && <span className="badge badge-new">{t('newMessage')}</span>}
        {voice && <span className="card-line muted">{t('voiceMessage')}</span>}
        {message.feedback === 1 && <span className="badge badge-ended">{t('acknowledged')}</span>}
        <span className="card-line muted">
          {t('sentAt', { day: dayName(message.date_created), time: time(message.date_created) })}
        </span>
      </button>
      {open && (
        <div id={`message-${message.id}`} className="message-body">
          {voice ? (
            <VoicePlayer message={message} />
          ) : (
            <p className="message-text" dir="auto">
              {message.body}
            </p>
          )}
          {message.feedback === 1 ? (
            <p className="muted">{t('acknowledgedNote')}</p>
          ) : (
            <button type="button" className="btn btn-primary" onClick={onAcknowledge}>
              {t('acknowledge')}
            </button>
          )}
        </div>
      )}
    </article>
  );
}

/** A recording, fetched with the driver's token (an `<audio src>` cannot send it) and played from memory. */
function VoicePlayer({ message }: { message: TNotification }) {
  const { t } = useI18n();
  const { day } = useDay();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!message.media_original) return;
    let objectUrl: string | null = null;
    let live = true;
    fetch(message.media_original, { headers: { authorization: `Bearer ${day.session.token}` } })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(`HTTP ${res.status}`))))
      .then((blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [message.media_original, day]);
  if (failed || !message.media_original) return <p className="alert alert-error">{t('voiceUnavailable')}</p>;
  if (!url) return <p className="muted">{t('loading')}</p>;
  return <audio className="voice" controls src={url} aria-label={t('voiceMessage')} />;
}

/** Getting messages while the app is closed: offered, on, blocked, or not possible here and why. */
function PushOffer() {
  const { t } = useI18n();
  const { day } = useDay();
  const token = day.session.token;
  const [key, setKey] = useState<string | null | undefined>(undefined);
  const [push, setPush] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    driverApi
      .pushKey(token)
      .then(async ({ public_key }) => {
        if (!live) return;
        setKey(public_key);
        const state = await pushState(token, public_key);
        if (live) setPush(state);
      })
      .catch(() => {
        // Offline: the offer shows once the app can ask the server.
      });
    return () => {
      live = false;
    };
  }, [token]);

  if (push === null || key === undefined) return null;
  const change = async (on: boolean) => {
    setBusy(true);
    setError(null);
    try {
      setPush(on && key ? await enablePush(token, key) : await disablePush(token));
    } catch {
      setError(t('pushFailed'));
    } finally {
      setBusy(false);
    }
  };
  const note = (text: string) => (
    <p className="alert" role="status" data-testid="push-status">
      {text}
    </p>
  );
  switch (push) {
    case 'not-set-up':
      return note(t('pushNotSetUp'));
    case 'unsupported':
      return note(pushSupported() ? t('pushNoWorker') : t('pushUnsupported'));
    case 'denied':
      return note(t('pushDenied'));
    case 'on':
      return (
        <div className="push-offer" data-testid="push-status">
          <p className="muted">{t('pushOn')}</p>
          <button type="button" className="btn btn-small" disabled={busy} onClick={() => void change(false)}>
            {t('pushTurnOff')}
          </button>
          {error && <p className="alert alert-error">{error}</p>}
        </div>
      );
    default:
      return (
        <div className="push-offer" data-testid="push-status">
          <button type="button" className="btn btn-block" disabled={busy} onClick={() => void change(true)}>
            {t('pushOffer')}
          </button>
          {error && <p className="alert alert-error">{error}</p>}
        </div>
      );
  }
}
