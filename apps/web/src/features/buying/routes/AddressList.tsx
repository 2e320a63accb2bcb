import { removeAddress } from '@shop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Empty from 'antd-mobile/es/components/empty';
import Tag from 'antd-mobile/es/components/tag';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../shared/api/index.ts';
import { formatPhone } from '../../../shared/format.ts';
import { BottomBar } from '../../../shared/ui/BottomBar.tsx';
import { confirmDialog, showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useAddresses } from '../api/buying.ts';
import { useParam } from '../components/ui.tsx';

/** An address's text: a button that picks it when an order is choosing one, else plain text. */
function AddressText({ as, onClick, children }: { as: 'button' | 'div'; onClick: () => void; children: ReactNode }) {
  if (as === 'div') return <div className="buy-address">{children}</div>;
  return (
    <button type="button" className="buy-address buy-address--pick" onClick={onClick} data-testid="address-pick">
      {children}
    </button>
  );
}

/** /address: the address book; with ?choose=<preorderId> a tap picks the delivery address. */
export function Component() {
  const { t } = useTranslation('buying');
  const navigate = useNavigate();
  const client = useQueryClient();
  const choosing = useParam('choose');
  const { data } = useAddresses();
  const remove = async (id: string) => {
    if (
      !(await confirmDialog({
        title: '',
        content: t('address.removeAsk'),
        confirmText: t('address.removeYes'),
        cancelText: t('address.removeNo'),
      }))
    )
      return;
    await api.call(removeAddress, { id });
    client.invalidateQueries({ queryKey: ['addresses'] });
  };
  const pick = (id: string, reachable: boolean) => {
    if (!choosing) return;
    if (!reachable) return showToast(t('address.unreachable'));
    navigate(`/orderConfirm?preorderId=${choosing}&addressId=${id}`, { replace: true });
  };
  return (
    <>
      <PageHeader title={t('address.title')} />
      {data && data.length === 0 && <Empty description={t('address.empty')} data-testid="address-empty" />}
      {data?.map((a) => (
        <div className="card buy-lines" key={a.id} data-testid="address-card">
          {/* Choosing an address for an order: the address is a button (keyboard and screen reader too). */}
          <AddressText as={choosing ? 'button' : 'div'} onClick={() => pick(a.id, a.reachable)}>
            <span className="buy-row buy-row--strong">
              <span>
                {a.receiver} <span data-testid="address-mobile">{formatPhone(a.mobile)}</span>
              </span>
              {a.isDefault && <Tag color="primary">{t('address.default')}</Tag>}
            </span>
            <span className="buy-muted buy-block">{a.fullText}</span>
            {!a.reachable && <Tag color="danger">{t('address.unreachable')}</Tag>}
          </AddressText>
          <div className="buy-order-actions">
            <Button
              size="small"
              onClick={() => navigate(`/addressEdit?id=${a.id}${choosing ? `&choose=${choosing}` : ''}`)}
            >
              {t('address.edit')}
            </Button>
            <Button size="small" onClick={() => remove(a.id)}>
              {t('address.remove')}
            </Button>
          </div>
        </div>
      ))}
      <BottomBar className="buy-bar">
        <Button
          block
          color="primary"
          onClick={() => navigate(`/addressEdit${choosing ? `?choose=${choosing}` : ''}`)}
          data-testid="address-add"
        >
          {t('address.add')}
        </Button>
      </BottomBar>
    </>
  );
}
