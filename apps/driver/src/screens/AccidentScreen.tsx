import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useDay, useI18n } from '../App.tsx';
import { BackButton, FormMessage, Heading, PhotoPicker, photoFiles } from './parts.tsx';

type Place =
  { state: 'looking' } | { state: 'none' } | { state: 'fix'; lat: number; lon: number; accuracy: number };

/** The phone's current position, asked for once when the screen opens (and again on request). */
function useCurrentPlace(): [Place, () => void] {
  const [place, setPlace] = useState<Place>({ state: 'looking' });
  const locate = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setPlace({ state: 'none' });
      return;
    }
    setPlace({ state: 'looking' });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        setPlace({ state: 'fix', lat: coords.latitude, lon: coords.longitude, accuracy: coords.accuracy }),
      () => setPlace({ state: 'none' }),
      { enableHighAccuracy: true, maximumAge: 30_000, timeout: 20_000 },
    );
  }, []);
  useEffect(locate, [locate]);
  return [place, locate];
}

/**
 * An accident from the road: what happened, where (the GPS fix of the moment, or words when the
 * phone has none), photos from the camera. Kept on the phone first and sent in its turn; the
 * server ties it to the trip in progress.
 */
export default function AccidentScreen() {
  const { t, number } = useI18n();
  const { day } = useDay();
  const [place, locate] = useCurrentPlace();
  const [description, setDescription] = useState('');
  const [where, setWhere] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [kept, setKept] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!description.trim()) {
      setError(t('descriptionRequired'));
      return;
    }
    if (place.state !== 'fix' && !where.trim()) {
      setError(t('placeRequired'));
      return;
    }
    setError(null);
    const fields: Record<string, string> = { description: description.trim() };
    if (where.trim()) fields.location = where.trim();
    if (place.state === 'fix') {
      fields.lat = String(place.lat);
      fields.lon = String(place.lon);
    }
    await day.report('v1/driver/accidents', fields, photoFiles(photos));
    setKept(true);
    setDescription('');
    setWhere('');
    setPhotos([]);
  };

  return (
    <>
      <div className="toolbar">
        <BackButton />
      </div>
      <Heading>{t('accidentTitle')}</Heading>
      <form onSubmit={submit} noValidate>
        <label className="field">
          <span>{t('whatHappened')}</span>
          <textarea
            rows={4}
            maxLength={2000}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </label>
        <div className="place" aria-live="polite" data-testid="accident-place">
          {place.state === 'looking' && <p className="muted">{t('noFixYet')}</p>}
          {place.state === 'fix' && (
            <p>
              <strong>{t('gpsPlace')}:</strong> {place.lat.toFixed(5)}, {place.lon.toFixed(5)} (±
              {number(Math.round(place.accuracy))} m)
            </p>
          )}
          {place.state === 'none' && (
            <div className="alert alert-offline">
              <p>{t('noGpsPlace')}</p>
              <button type="button" className="btn btn-small" onClick={locate}>
                {t('tryAgain')}
              </button>
            </div>
          )}
        </div>
        <label className="field">
          <span>{place.state === 'fix' ? t('placeWordsOptional') : t('placeWords')}</span>
          <input value={where} maxLength={255} onChange={(e) => setWhere(e.target.value)} />
        </label>
        <PhotoPicker label={t('photos')} files={photos} onChange={setPhotos} />
        <FormMessage error={error} ok={kept ? t('accidentKept') : null} />
        <button type="submit" className="btn btn-primary btn-block">
          {t('send')}
        </button>
      </form>
    </>
  );
}
