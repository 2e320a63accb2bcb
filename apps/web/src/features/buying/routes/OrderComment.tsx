import { addReview } from '@shop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Rate from 'antd-mobile/es/components/rate';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../shared/api/index.ts';
import { BottomBar } from '../../../shared/ui/BottomBar.tsx';
import { showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { Picture } from '../../../shared/ui/Picture.tsx';
import { useOrder } from '../api/buying.ts';
import { useParam } from '../components/ui.tsx';

/** /orderComment: the items being reviewed, then text, stars, packaging and speed of a finished order. */
export function Component() {
  const { t } = useTranslation('buying');
  const navigate = useNavigate();
  const client = useQueryClient();
  const orderId = useParam('orderId');
  const { data: order } = useOrder(orderId);
  const [text, setText] = useState('');
  const [star, setStar] = useState(5);
  const [packaging, setPackaging] = useState(5);
  const [speed, setSpeed] = useState(5);
  const submit = async () => {
    await api.call(addReview, { orderId, text, star, packaging, speed });
    // The order now shows "commented" instead of the comment button, here and in the lists.
    await client.invalidateQueries({ predicate: (q) => ['orders', 'order'].includes(String(q.queryKey[0])) });
    showToast(t('comment.done'));
    navigate(`/orderDetail?orderId=${orderId}`, { replace: true });
  };
  return (
    <>
      <PageHeader title={t('comment.title')} />
      {order && (
        <div className="card buy-lines" data-testid="review-items">
          {order.items.map((i) => (
            <div className="buy-item" key={i.skuId} data-testid="review-item">
              <Picture url={i.imageUrl} alt={i.name} sizes="56px" className="buy-item__picture" />
              <div className="buy-item__text">
                <div className="buy-item__name">{i.name}</div>
                {i.specText && <div className="buy-muted">{i.specText}</div>}
              </div>
              <span className="buy-muted">×{i.quantity}</span>
            </div>
          ))}
        </div>
      )}
      <div className="card buy-lines">
        <div className="buy-rate">
          {t('comment.star')} <Rate value={star} onChange={setStar} allowClear={false} />
        </div>
        <div className="buy-rate">
          {t('comment.packaging')} <Rate value={packaging} onChange={setPackaging} allowClear={false} />
        </div>
        <div className="buy-rate">
          {t('comment.speed')} <Rate value={speed} onChange={setSpeed} allowClear={false} />
        </div>
        <textarea
          className="buy-comment"
          maxLength={500}
          placeholder={t('comment.text')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          data-testid="review-text"
        />
      </div>
      <BottomBar className="buy-bar">
        <Button block color="primary" disabled={!text.trim()} onClick={submit} data-testid="review-submit">
          {t('comment.submit')}
        </Button>
      </BottomBar>
    </>
  );
}
