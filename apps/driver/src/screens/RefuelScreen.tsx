import { useState, type FormEvent } from 'react';
import { useDay, useI18n } from '../App.tsx';
import { BackButton, FormMessage, Heading, PhotoPicker, photoFiles } from './parts.tsx';

/**
 * A refuel from the road: the volume in the tenant's unit, the amount in its currency, photos of
 * the receipt from the camera. Kept on the phone first, like every action, and sent in its turn.
 */
export default function RefuelScreen() {
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
    await day.report('v1/driver/refuels', { volume: v, amount: a }, photoFiles(photos));
    setKept(true);
    setVolume('');
    setAmount('');
    setPhotos([]);
  };

  return (
    <>
      <div className="toolbar">
        <BackButton />
      </div>
      <Heading>{t('refuelTitle')}</Heading>
      <form onSubmit={submit} noValidate>
        <label className="field">
          <span>{t('volume', { unit: unit.symbol || unit.name })}</span>
          <input inputMode="decimal" required value={volume} onChange={(e) => setVolume(e.target.value)} />
        </label>
        <label className="field">
          <span>{t('amount', { unit: currency.symbol || currency.name })}</span>
          <input inputMode="decimal" required value={amount} onChange={(e) => setAmount(e.target.value)} />
        </label>
        <PhotoPicker label={t('receipt')} files={photos} onChange={setPhotos} />
        <FormMessage error={error} ok={kept ? t('refuelKept') : null} />
        <button type="submit" className="btn btn-primary btn-block">
          {t('send')}
        </button>
      </form>
    </>
  );
}
