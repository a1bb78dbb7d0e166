import { useEffect, useState, type FormEvent } from 'react';
import type { TDriverVehicleRequest, TDriverVehicles } from '@fleet/contract';
import { useDay, useI18n } from '../App.tsx';
import { ApiError, driverApi, OfflineError } from '../api.ts';
import { choices, mayAsk, OUTCOME_TEXT, outcomeOf } from '../vehicle-requests.ts';
import { BackButton, FormMessage, Heading, PhotoPicker, photoFiles } from './parts.tsx';

const PATH = 'v1/driver/vehicle-requests';

interface Loaded {
  vehicles: TDriverVehicles;
  requests: TDriverVehicleRequest[];
}

/**
 * Asking the office for another vehicle: the vehicle, a note, photos (a flat tyre, a warning
 * light). The request waiting and the office's decision show here as the console makes it (the
 * live stream tells of it). One request waits at a time.
 */
export default function VehicleScreen() {
  const { t, time, day: dayName } = useI18n();
  const { day, state } = useDay();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [vehicleId, setVehicleId] = useState('');
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const queued = state.waitingReports.includes(PATH);

  // Fetched on opening, on every change the server tells of, and once a request waiting on the
  // phone has gone.
  useEffect(() => {
    let live = true;
    const token = day.session.token;
    Promise.all([driverApi.vehicles(token), driverApi.vehicleRequests(token)])
      .then(([vehicles, requests]) => {
        if (!live) return;
        setLoaded({ vehicles, requests });
        setLoadError(null);
      })
      .catch((e: unknown) => {
        if (!live) return;
        setLoadError(
          e instanceof OfflineError ? t('offline') : e instanceof ApiError ? e.message : t('somethingWrong'),
        );
      });
    return () => {
      live = false;
    };
  }, [day, t, state.requestsChanged, queued]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!vehicleId) {
      setError(t('chooseVehicleRequired'));
      return;
    }
    setError(null);
    const fields: Record<string, string> = { new_bus_id: vehicleId };
    if (note.trim()) fields.note = note.trim();
    await day.report(PATH, fields, photoFiles(photos));
    setVehicleId('');
    setNote('');
    setPhotos([]);
  };

  const latest = loaded?.requests[0];
  const canAsk = loaded !== null && mayAsk(loaded.vehicles.pending_request_id, queued);
  const vehicleLabel = (v: { reference: string; brand?: string; model?: string }) =>
    [v.reference, v.brand, v.model].filter(Boolean).join(' · ');

  return (
    <>
      <div className="toolbar">
        <BackButton />
      </div>
      <Heading>{t('vehicleTitle')}</Heading>
      {loaded?.vehicles.own && (
        <p className="muted">{t('yourVehicle', { vehicle: vehicleLabel(loaded.vehicles.own) })}</p>
      )}
      {loaded === null && <p className="empty">{loadError ?? t('loading')}</p>}
      {loaded !== null && loadError && <p className="alert alert-offline">{loadError}</p>}
      {queued && (
        <p className="alert alert-ok" role="status">
          {t('requestKept')}
        </p>
      )}
      {latest && (
        <section aria-labelledby="latest-request" className="card request-card" data-testid="vehicle-request">
          <h2 id="latest-request">{t('yourRequest', { vehicle: latest.newBus.reference })}</h2>
          <p className={`badge badge-request-${outcomeOf(latest)}`} aria-live="polite">
            {t(OUTCOME_TEXT[outcomeOf(latest)])}
          </p>
          <p className="muted">
            {t('askedAt', { day: dayName(latest.creation_date), time: time(latest.creation_date) })}
            {latest.decided_date &&
              ` · ${t('decidedAt', { day: dayName(latest.decided_date), time: time(latest.decided_date) })}`}
          </p>
          {latest.note && <p>{latest.note}</p>}
        </section>
      )}
      {canAsk && (
        <form onSubmit={submit} noValidate>
          <label className="field">
            <span>{t('chooseVehicle')}</span>
            <select value={vehicleId} onChange={(e) => setVehicleId(e.target.value)}>
              <option value="">—</option>
              {choices(loaded.vehicles.vehicles).map((v) => (
                <option key={v.id} value={v.id} disabled={v.in_maintenance}>
                  {vehicleLabel(v)}
                  {v.in_maintenance ? ` (${t('inMaintenance')})` : v.taken === '1' ? ` (${t('inUse')})` : ''}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t('yourNote')}</span>
            <textarea rows={3} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
          </label>
          <PhotoPicker label={t('photos')} files={photos} onChange={setPhotos} />
          <FormMessage error={error} />
          <button type="submit" className="btn btn-primary btn-block">
            {t('send')}
          </button>
        </form>
      )}
    </>
  );
}
