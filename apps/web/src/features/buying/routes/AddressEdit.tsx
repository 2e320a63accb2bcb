import { addAddress, isMobileNumber, modifyAddress } from '@shop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, api } from '../../../shared/api/index.ts';
import { returnWith } from '../../../shared/navigation/rules.ts';
import { BottomBar } from '../../../shared/ui/BottomBar.tsx';
import { FormField, useFieldErrors } from '../../../shared/ui/FormField.tsx';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useAddresses, useCities, useCommunes, useProvinces } from '../api/buying.ts';
import { useParam } from '../components/ui.tsx';

const MapPicker = lazy(() => import('../components/MapPicker.tsx').then((m) => ({ default: m.MapPicker })));

type Division = { code: string; latitude?: number; longitude?: number };
/** How close the map comes to a chosen province, and to a chosen district. */
const PROVINCE_ZOOM = 9;
const DISTRICT_ZOOM = 12;

/** /addressEdit[?returnTo=<path of the shop>]: receiver, mobile, province → district → commune, detail, zip, default flag and the map point. */
export function Component() {
  const { t } = useTranslation('buying');
  const navigate = useNavigate();
  const client = useQueryClient();
  const id = useParam('id');
  const choosing = useParam('choose');
  const returnTo = useParam('returnTo');
  const { data: book } = useAddresses();
  const [form, setForm] = useState({
    receiver: '',
    mobile: '',
    provinceCode: '',
    cityCode: '',
    districtCode: '',
    detail: '',
    zipCode: '',
    isDefault: false,
  });
  const [point, setPoint] = useState<{ latitude: number; longitude: number } | null>(null);
  const [focus, setFocus] = useState<{ latitude: number; longitude: number; zoom: number } | null>(null);
  const { data: provinces } = useProvinces();
  const { data: cities } = useCities(form.provinceCode || undefined);
  const { data: communes } = useCommunes(form.cityCode || undefined);
  const fields = useFieldErrors<
    'receiver' | 'mobile' | 'provinceCode' | 'cityCode' | 'districtCode' | 'detail' | 'zipCode'
  >();

  useEffect(() => {
    const current = book?.find((a) => a.id === id);
    if (!current) return;
    setForm({ ...current, zipCode: current.zipCode ?? '' });
    if (current.latitude !== null && current.longitude !== null)
      setPoint({ latitude: current.latitude, longitude: current.longitude });
  }, [book, id]);

  // A link to an address the book does not hold: the route's not-found state, not an empty form.
  if (id && book && !book.some((a) => a.id === id)) throw new ApiError('ADDR0001', '', 200);
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  /**
   * Choosing a province or district moves the map there, and a pin set before belongs to the old
   * place: it is taken away, and the shopper taps where the address is (the server refuses a point
   * outside the chosen province, ADDR0006).
   */
  const goTo = (division: Division | undefined, zoom: number) => {
    setPoint(null);
    if (division?.latitude === undefined || division.longitude === undefined) return;
    setFocus({ latitude: division.latitude, longitude: division.longitude, zoom });
  };
  const save = async () => {
    const ok = fields.check({
      receiver: !form.receiver.trim() && t('address.errors.receiver'),
      mobile:
        (!form.mobile.trim() && t('address.errors.mobile')) ||
        (!isMobileNumber(form.mobile) && t('address.errors.mobileWrong')),
      provinceCode: !form.provinceCode && t('address.errors.province'),
      cityCode: !form.cityCode && t('address.errors.city'),
      districtCode: !form.districtCode && t('address.errors.district'),
      detail: !form.detail.trim() && t('address.errors.detail'),
    });
    if (!ok) return;
    const body = { ...form, zipCode: form.zipCode || undefined, ...(point ?? {}) };
    let saved: { id: string };
    try {
      saved = id
        ? await api.call(modifyAddress, { ...body, id }, { quiet: true })
        : await api.call(addAddress, body, { quiet: true });
    } catch (error) {
      // A refusal about one field is said on it; the others (too many addresses) are toasted.
      fields.refuseFromServer(error, { ADDR0003: 'mobile', ADDR0004: 'districtCode', ADDR0002: 'districtCode' });
      return;
    }
    await client.invalidateQueries({ queryKey: ['addresses'] });
    navigate(
      returnWith(returnTo, { addressId: saved.id }) ??
        (choosing ? `/orderConfirm?preorderId=${choosing}&addressId=${saved.id}` : '/address'),
      { replace: true },
    );
  };
  const select = (
    label: string,
    value: string,
    options: { code: string; name: string; served?: boolean }[] | undefined,
    onPick: (code: string) => void,
    testId: string,
    key: 'provinceCode' | 'cityCode' | 'districtCode',
  ) => (
    <FormField field={fields.field(key)} label={label} className="buy-field">
      <select id={fields.field(key).id} value={value} onChange={(e) => onPick(e.target.value)} data-testid={testId}>
        <option value="">{t('address.choose')}</option>
        {options?.map((o) => (
          <option key={o.code} value={o.code} disabled={o.served === false}>
            {o.name}
          </option>
        ))}
      </select>
    </FormField>
  );
  const input = (key: 'receiver' | 'mobile' | 'detail' | 'zipCode', label: string, mode?: 'tel' | 'numeric') => (
    <FormField field={fields.field(key)} label={label} className="buy-field">
      <input
        id={fields.field(key).id}
        value={form[key]}
        inputMode={mode}
        onChange={(e) => set({ [key]: e.target.value })}
        data-testid={`address-${key}`}
      />
    </FormField>
  );
  return (
    <>
      <PageHeader title={id ? t('address.edit') : t('address.add')} />
      <div className="card buy-lines">
        {input('receiver', t('address.receiver'))}
        {input('mobile', t('address.mobile'), 'tel')}
        {select(
          t('address.province'),
          form.provinceCode,
          provinces,
          (code) => {
            set({ provinceCode: code, cityCode: '', districtCode: '' });
            goTo(
              provinces?.find((p) => p.code === code),
              PROVINCE_ZOOM,
            );
          },
          'address-province',
          'provinceCode',
        )}
        {select(
          t('address.city'),
          form.cityCode,
          form.provinceCode ? cities : [],
          (code) => {
            set({ cityCode: code, districtCode: '' });
            goTo(
              cities?.find((c) => c.code === code),
              DISTRICT_ZOOM,
            );
          },
          'address-city',
          'cityCode',
        )}
        {select(
          t('address.district'),
          form.districtCode,
          form.cityCode ? communes : [],
          (code) => set({ districtCode: code }),
          'address-district',
          'districtCode',
        )}
        {input('detail', t('address.detail'))}
        {input('zipCode', t('address.zip'), 'numeric')}
        <Checkbox checked={form.isDefault} onChange={(isDefault) => set({ isDefault })}>
          {t('address.setDefault')}
        </Checkbox>
      </div>
      <div className="card buy-lines">
        <div className="buy-row">
          <span>{t('address.location')}</span>
          <span className="buy-muted" data-testid="address-point">
            {point ? `${point.latitude.toFixed(5)}, ${point.longitude.toFixed(5)}` : t('address.pickOnMap')}
          </span>
        </div>
        <Suspense fallback={<div className="buy-map" />}>
          <MapPicker value={point} focus={focus} onChange={setPoint} />
        </Suspense>
      </div>
      <BottomBar className="buy-bar">
        <Button block color="primary" onClick={save} data-testid="address-save">
          {t('address.save')}
        </Button>
      </BottomBar>
    </>
  );
}
