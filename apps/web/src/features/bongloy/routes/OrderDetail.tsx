import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useApplication } from '../api/bongloy.ts';
import { Summary } from '../components/Summary.tsx';
import '../bongloy.css';
import { SignedIn } from '../../../shared/session/SignedIn.tsx';

/** /bongloy/orderDetail?id=: one card application, its state, order and the pictures sent. */
function Screen() {
  const { t } = useTranslation('bongloy');
  const [params] = useSearchParams();
  const { data, isPending } = useApplication(params.get('id'));
  return (
    <>
      <PageHeader title={t('detail.title')} />
      {isPending && <Skeleton.Paragraph lineCount={8} animated />}
      {data && (
        <main className="blg-form card">
          <Summary application={data} />
          {data.state === 'REVIEW' && <p className="blg-note">{t('detail.reviewNote')}</p>}
          {data.state === 'SENT_TO_ISSUER' && <p className="blg-note">{t('detail.issuingNote')}</p>}
          <div className="blg-pics blg-pics--small">
            {(['passportInfo', 'visa', 'holding', 'selfie'] as const).map((k) =>
              data.documents[k] ? <img key={k} src={data.documents[k]?.url} alt={t(`step2.${k}`)} /> : null,
            )}
            {data.signature && <img src={data.signature.url} alt={t('step3.title')} className="blg-sig" />}
          </div>
        </main>
      )}
    </>
  );
}

export function Component() {
  return (
    <SignedIn>
      <Screen />
    </SignedIn>
  );
}
