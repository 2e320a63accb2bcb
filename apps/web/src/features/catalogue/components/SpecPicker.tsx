import type { ProductDetail } from '@shop/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePriceFormat } from '../../../shared/price/Price.tsx';
import { ItemFlags } from '../../../shared/ui/ItemFlags.tsx';
import { Picture } from '../../../shared/ui/Picture.tsx';
import { QuantityStepper } from '../../../shared/ui/QuantityStepper.tsx';
import { buyable, maxQuantity } from './itemRules.ts';

/**
 * The specification picker (/specsMode and the product page's sheet): one row of
 * values per dimension; choosing a value picks the item that has it with the other choices.
 */
export function SpecPicker({
  product,
  itemId,
  quantity,
  onItem,
  onQuantity,
}: {
  product: ProductDetail;
  itemId: number;
  quantity: number;
  onItem: (itemId: number) => void;
  onQuantity: (quantity: number) => void;
}) {
  const { t } = useTranslation('catalogue');
  const price = usePriceFormat();
  const quantityId = useId();
  const item = product.items.find((i) => i.productItemId === itemId) ?? product.items[0];
  const chosen = item?.spec.map((s) => s.value) ?? [];
  const pick = (dim: number, value: string) => {
    const wanted = chosen.map((v, i) => (i === dim ? value : v));
    const exact = product.items.find((i) => i.spec.every((s, k) => s.value === wanted[k]));
    const partial = product.items.find((i) => i.spec[dim]?.value === value);
    const next = exact ?? partial;
    if (next) onItem(next.productItemId);
  };
  const max = maxQuantity(item);
  return (
    <div className="spec-picker" data-testid="spec-picker">
      <div className="spec-picker__head">
        <Picture url={item?.imageUrl ?? null} alt="" sizes="96px" className="spec-picker__picture" />
        <div>
          <strong className="price" data-testid="picker-price">
            {item ? price(item.priceCents) : ''}
          </strong>
          <div className="muted" data-testid="picker-stock">
            {item ? t('stock', { count: item.stock }) : ''}
          </div>
          <div className="muted">{t('chosen', { spec: item?.specText || '—' })}</div>
          {item && <ItemFlags flags={item.flags} />}
        </div>
      </div>
      {product.specs.map((dim, d) => (
        <div key={dim.name} className="spec-picker__dim">
          <div className="spec-picker__name">{dim.name}</div>
          <div className="spec-picker__values">
            {dim.values.map((value) => {
              const holder =
                product.items.find(
                  (i) => i.spec[d]?.value === value && i.spec.every((s, k) => k === d || s.value === chosen[k]),
                ) ?? product.items.find((i) => i.spec[d]?.value === value);
              const off = !holder || !buyable(holder);
              return (
                <button
                  key={value}
                  type="button"
                  className={`spec-value ${chosen[d] === value ? 'active' : ''} ${off ? 'off' : ''}`}
                  aria-pressed={chosen[d] === value}
                  onClick={() => pick(d, value)}
                  data-testid="spec-value"
                >
                  {value}
                </button>
              );
            })}
          </div>
        </div>
      ))}
      <div className="spec-picker__quantity">
        <span id={quantityId}>{t('quantity')}</span>
        <QuantityStepper
          min={1}
          max={Math.max(1, max)}
          value={quantity}
          onChange={onQuantity}
          disabled={max === 0}
          labelledBy={quantityId}
          testId="quantity"
        />
      </div>
      {item && <p className="muted spec-picker__limit">{t('limit', { max: item.maxPurchase })}</p>}
    </div>
  );
}
