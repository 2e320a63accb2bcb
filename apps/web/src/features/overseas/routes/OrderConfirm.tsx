import ErrorBlock from 'antd-mobile/es/components/error-block';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { formatPhone } from '../../../shared/format.ts';
import { BottomBar } from '../../../shared/ui/BottomBar.tsx';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { Picture } from '../../../shared/ui/Picture.tsx';
import { asChannel, type QuoteSource, useAddresses, useQuote, useQuoteChange } from '../api/overseas.ts';
import { formatKg, Title, useQueryParam } from '../components/parts.tsx';
import '../overseas.css';
import { usePriceFormat } from '../../../shared/price/Price.tsx';

/** /Smilebuy/orderConfirm: the quote (prices fixed until paid, changes since the cart shown), address, freight, place the order. */
export function Component() {
  const { t } = useTranslation('overseas');
  const price = usePriceFormat();
  const navigate = useNavigate();
  const channel = asChannel(useQueryParam('channel'));
  const productId = useQueryParam('productId');
  const skuId = useQueryParam('skuId');
  const count = Number(useQueryParam('count')) || 1;
  const source: QuoteSource =
    channel && productId && skuId ? { from: 'direct', channel, productId, skuId, count } : { from: 'cart' };
  const key = source.from === 'cart' ? 'cart' : `${channel}:${skuId}:${count}`;
  const { data: quote, error } = useQuote(source, key);
  const addresses = useAddresses();
  const change = useQuoteChange(key);
  const [remark, setRemark] = useState('');
  const location = useLocation();
  // Back from "Add an address" (/addressEdit?returnTo=…): the address just made is the one chosen.
  const madeAddress = useQueryParam('addressId');
  const applied = useRef('');
  useEffect(() => {
    if (!quote || !madeAddress || applied.current === `${quote.id}:${madeAddress}`) return;
    applied.current = `${quote.id}:${madeAddress}`;
    if (quote.address?.addressId !== madeAddress)
      change.address.mutate({ preorderId: quote.id, addressId: madeAddress });
  }, [quote, madeAddress, change.address]);
  const here = new URLSearchParams(location.search);
  here.delete('addressId');
  const addAddress = `/addressEdit?returnTo=${encodeURIComponent(`${location.pathname}?${here.toString()}`)}`;

  if (error)
    return (
      <ErrorBlock
        status="default"
        title={error.message}
        description={<Link to="/Smilebuy/shoppingCart">{t('nav.cart')}</Link>}
      />
    );
  if (!quote) return <Skeleton.Paragraph lineCount={8} animated />;
  const shops = [...new Set(quote.lines.map((l) => l.shopId))];
  const place = () =>
    change.finish.mutate(
      { preorderId: quote.id, ...(remark.trim() ? { remark: remark.trim() } : {}) },
      { onSuccess: (order) => navigate(`/Smilebuy/cashier?orderId=${order.orderId}`, { replace: true }) },
    );

  return (
    <>
      <PageHeader title={t('confirm')} />
      <div className="haitao">
        <section className="card haitao-address">
          <h2>{t('address')}</h2>
          {(addresses.data ?? []).map((a) => (
            <label key={a.id}>
              <input
                type="radio"
                name="address"
                checked={quote.address?.addressId === a.id}
                disabled={!a.reachable}
                onChange={() => change.address.mutate({ preorderId: quote.id, addressId: a.id })}
              />
              <span>
                <strong>{a.receiver}</strong> {formatPhone(a.mobile)}
                <br />
                {a.fullText}
              </span>
            </label>
          ))}
          {addresses.data && (
            <Link to={addAddress} data-testid="haitao-add-address">
              {addresses.data.length === 0 ? t('addAddress') : t('addNewAddress')}
            </Link>
          )}
        </section>
        {quote.changed && (
          <p className="haitao-changed card" data-testid="haitao-quote-changed">
            {quote.changeCauses.length > 1
              ? t('quoteChangedBoth')
              : quote.changeCauses[0] === 'rate'
                ? t('quoteChangedRate')
                : t('quoteChanged')}
          </p>
        )}
        {shops.map((shopId) => {
          const lines = quote.lines.filter((l) => l.shopId === shopId);
          return (
            <section key={shopId} className="card">
              <h2>{lines[0].shopName}</h2>
              {lines.map((l) => (
                <div key={l.skuId} className="haitao-line">
                  <Picture url={l.picture} alt="" sizes="72px" />
                  <div className="haitao-line__body">
                    <Title title={l.title} titleZh={l.titleZh} translated={l.translated} />
                    <span className="haitao-muted">{l.attrs}</span>
                    {l.previousCents !== null && (
                      <span className="haitao-changed">
                        {t(l.changeCause === 'rate' ? 'priceChangedRate' : 'priceChanged', {
                          before: price(l.previousCents),
                        })}
                      </span>
                    )}
                    <div className="haitao-line__foot">
                      <strong>{price(l.unitCents)}</strong>
                      <span>× {l.count}</span>
                    </div>
                  </div>
                </div>
              ))}
            </section>
          );
        })}
        <section className="card">
          <div className="haitao-sum">
            <span>{t('goods')}</span>
            <span>{price(quote.goodsCents)}</span>
          </div>
          <div className="haitao-sum">
            <span data-testid="haitao-freight-line">
              {quote.chargedBy === 'volume'
                ? t('freightLineVolume', { volume: formatKg(quote.volumeWeightG), actual: formatKg(quote.weightG) })
                : t('freightLine', { actual: formatKg(quote.weightG) })}{' '}
              <Link to="/Smilebuy/ZTLogisticsFreight">ⓘ</Link>
            </span>
            <span>{price(quote.freightCents)}</span>
          </div>
          <div className="haitao-sum haitao-sum--total">
            <span>{t('total')}</span>
            <span data-testid="haitao-quote-total">{price(quote.totalCents)}</span>
          </div>
          <p className="haitao-muted">
            {t('rate', { rate: (quote.quote.rateMilli / 1000).toFixed(2), fee: quote.quote.feeBp / 100 })} ·{' '}
            {t('onlineOnly')}
          </p>
          <p className="haitao-promise">{t('promise', quote.estimateDays)}</p>
          <div className="haitao-form">
            <input
              value={remark}
              onChange={(e) => setRemark(e.target.value)}
              maxLength={200}
              placeholder={t('remark')}
              aria-label={t('remark')}
            />
          </div>
        </section>
      </div>
      <BottomBar className="haitao-buybar">
        <strong>{price(quote.totalCents)}</strong>
        <button
          type="button"
          className="haitao-button"
          disabled={!quote.address || change.finish.isPending}
          onClick={place}
          data-testid="haitao-place-order"
        >
          {quote.address ? t('placeOrder') : t('chooseAddress')}
        </button>
      </BottomBar>
    </>
  );
}
