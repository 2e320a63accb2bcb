import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatPhone } from '../../../shared/format.ts';
import { useSession } from '../../../shared/session/store.ts';
import { BottomBar } from '../../../shared/ui/BottomBar.tsx';
import { promptLogin, showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useAppointments, useBook, useMyAddresses, useSlots } from '../api/valuation.ts';
import { dayLabel, localDate, nextDays } from '../components/dates.ts';
import '../valuation.css';

/**
 * /valuation/book?estimateId (or ?id to move an appointment): a day, a slot within store hours with
 * places left, and the place: one of the stores or one of the shopper's addresses. Moving starts on
 * the visit's day with its slot marked as the current one (not offered as a new choice); the visit
 * keeps that time when only its place changes.
 */
export function Component() {
  const { t } = useTranslation('valuation');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const estimateId = params.get('estimateId');
  const appointmentId = params.get('id');
  const { token, thirdId } = useSession();
  const days = nextDays(14);
  const [day, setDay] = useState(days[0]);
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const [place, setPlace] = useState<'store' | 'home'>('store');
  const [storeId, setStoreId] = useState<string | null>(null);
  const [addressId, setAddressId] = useState<string | null>(null);
  const slots = useSlots(day);
  const addresses = useMyAddresses(Boolean(token));
  const appointments = useAppointments(Boolean(token) && Boolean(appointmentId));
  const book = useBook();

  useEffect(() => {
    if (!token) void promptLogin(thirdId);
  }, [token, thirdId]);
  // Moving an appointment starts from where it is.
  const current = appointments.data?.find((a) => a.id === appointmentId);
  // Once, when the visit has loaded (the shopper's own choices follow): its place and its day.
  const started = useRef(false);
  useEffect(() => {
    if (!current || started.current) return;
    started.current = true;
    setPlace(current.place);
    if (current.storeId) setStoreId(current.storeId);
    const visitDay = localDate(current.startsAt);
    if (days.includes(visitDay)) setDay(visitDay);
  }, [current, days]);

  const stores = slots.data?.stores ?? [];
  const chosenStore = storeId ?? stores[0]?.id ?? null;
  const usable = (addresses.data ?? []).filter((a) => a.reachable);
  const chosenAddress = addressId ?? usable[0]?.id ?? null;
  // A visit being moved keeps its time unless a new slot is chosen; it must change in some way.
  const start = startsAt ?? current?.startsAt ?? null;
  const placeChanged =
    !current || current.place !== place || (place === 'store' ? current.storeId !== chosenStore : addressId !== null);
  const ready =
    Boolean(start) &&
    (place === 'store' ? Boolean(chosenStore) : Boolean(chosenAddress)) &&
    (!current || Boolean(startsAt) || placeChanged);

  const submit = async () => {
    if (!token) return void promptLogin(thirdId);
    if (!ready || !start) return;
    const where = place === 'store' ? { place, storeId: chosenStore } : { place, addressId: chosenAddress };
    if (appointmentId) await book.mutateAsync({ id: appointmentId, startsAt: start, ...where });
    else if (estimateId) await book.mutateAsync({ estimateId, startsAt: start, ...where });
    showToast(t('booked'));
    navigate('/valuation/appointments', { replace: true });
  };

  return (
    <>
      <PageHeader title={appointmentId ? t('reschedule') : t('bookTitle')} />
      <div className="eva-book">
        <section className="card eva-book__section">
          <h2>{t('day')}</h2>
          <div className="eva-days" data-testid="eva-days">
            {days.map((d) => (
              <button
                type="button"
                key={d}
                aria-pressed={d === day}
                className={`eva-chip${d === day ? ' eva-chip--on' : ''}`}
                onClick={() => {
                  setDay(d);
                  setStartsAt(null);
                }}
              >
                {dayLabel(d, t('weekdays'))}
              </button>
            ))}
          </div>
          <h2>{t('time')}</h2>
          {slots.isPending && <Skeleton.Paragraph lineCount={2} animated />}
          {slots.data && slots.data.slots.length === 0 && <p className="eva-muted">{t('noSlots')}</p>}
          <div className="eva-slots">
            {slots.data?.slots.map((s) => {
              const isCurrent = current?.startsAt === s.startsAt;
              return (
                <button
                  type="button"
                  key={s.startsAt}
                  disabled={s.free === 0 || isCurrent}
                  aria-pressed={s.startsAt === startsAt}
                  aria-current={isCurrent ? 'true' : undefined}
                  className={`eva-slot${s.startsAt === startsAt ? ' eva-slot--on' : ''}${isCurrent ? ' eva-slot--current' : ''}`}
                  onClick={() => setStartsAt(s.startsAt)}
                  data-testid={`eva-slot-${s.time}`}
                >
                  <strong>{s.time}</strong>
                  <span>{isCurrent ? t('currentSlot') : s.free === 0 ? t('full') : t('free', { count: s.free })}</span>
                </button>
              );
            })}
          </div>
        </section>
        <section className="card eva-book__section">
          <h2>{t('where')}</h2>
          <div className="eva-places">
            {(['store', 'home'] as const).map((p) => (
              <button
                type="button"
                key={p}
                aria-pressed={place === p}
                className={`eva-chip${place === p ? ' eva-chip--on' : ''}`}
                onClick={() => setPlace(p)}
                data-testid={`eva-place-${p}`}
              >
                {p === 'store' ? t('atStore') : t('atHome')}
              </button>
            ))}
          </div>
          {place === 'store' &&
            stores.map((s) => (
              <label key={s.id} className="eva-choice">
                <input type="radio" name="store" checked={chosenStore === s.id} onChange={() => setStoreId(s.id)} />
                <span>
                  <strong>{s.name}</strong>
                  <small>{s.address}</small>
                </span>
              </label>
            ))}
          {place === 'home' && usable.length === 0 && (
            <p className="eva-muted">
              {t('noAddress')}{' '}
              <button type="button" className="link-button" onClick={() => navigate('/addressEdit')}>
                {t('addAddress')}
              </button>
            </p>
          )}
          {place === 'home' &&
            usable.map((a) => (
              <label key={a.id} className="eva-choice">
                <input
                  type="radio"
                  name="address"
                  checked={chosenAddress === a.id}
                  onChange={() => setAddressId(a.id)}
                />
                <span>
                  <strong>
                    {a.receiver} {formatPhone(a.mobile)}
                  </strong>
                  <small>{a.fullText}</small>
                </span>
              </label>
            ))}
        </section>
      </div>
      <BottomBar className="buy-bar">
        <span className="buy-bar__total" />
        <Button color="primary" disabled={!ready} loading={book.isPending} onClick={submit} data-testid="eva-confirm">
          {appointmentId ? t('reschedule') : t('confirm')}
        </Button>
      </BottomBar>
    </>
  );
}
