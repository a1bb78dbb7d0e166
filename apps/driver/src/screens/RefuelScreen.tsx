import { useState, type FormEvent } from 'react';
import { useDay, useI18n } from '../App.tsx';
import { navigate } from '../router.ts';

/**
 * A refuel from the road: the volume in the tenant's unit, the amount in its currency, photos of
 * the receipt from the camera. Kept on the phone first, like every action, and sent in its turn.
 */
export function RefuelScreen() {
  const { t } = useI18n();
  const { day } = useDay();
  const { currency, volume_unit: unit } = day.session.driver.terms;
  const [volume, setVolume] = useState('');
  const [amount, setAmount] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [kept, setKept] = useState(false);

  const number = (text: string) => {
    const value = text.trim().replace(',', '.');
    return /^\d+(\.\d+)?$/.test(value) ? value : null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const v = number(volume);
    const a = number(amount);
    if (v === null || a === null) {
      setError(t('numberInvalid'));
      return;
    }
    setError(null);
    await day.reportRefuel(
      v,
      a,
      photos.map((f) => ({ field: 'photos', name: f.name, blob: f as Blob })),
    );
    setKept(true);
    setVolume('');
    setAmount('');
    setPhotos([]);
  };

  return (
    <>
      <div className="toolbar">
        <button type="button" className="btn btn-small" onClick={() => navigate({ name: 'today' })}>
          {t('back')}
        </button>
      </div>
      <h1>{t('refuelTitle')}</h1>
      {kept && (
        <p className="alert alert-ok" role="status">
          {t('refuelKept')}
        </p>
      )}
      <form onSubmit={submit} noValidate>
        <label className="field">
          <span>{t('volume', { unit: unit.symbol || unit.name })}</span>
          <input inputMode="decimal" required value={volume} onChange={(e) => setVolume(e.target.value)} />
        </label>
        <label className="field">
          <span>{t('amount', { unit: currency.symbol || currency.name })}</span>
          <input inputMode="decimal" required value={amount} onChange={(e) => setAmount(e.target.value)} />
        </label>
        <label className="field">
          <span>
            {t('receipt')} {photos.length > 0 && `· ${t('photosChosen', { n: photos.length })}`}
          </span>
          <input
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            onChange={(e) => setPhotos([...(e.target.files ?? [])].slice(0, 5))}
          />
        </label>
        {error && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block">
          {t('send')}
        </button>
      </form>
    </>
  );
}
