import { PARTNER_KINDS, PARTNER_PROGRAMME_DOC, type PartnerApplication, type PartnerKind } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Input from 'antd-mobile/es/components/input';
import Selector from 'antd-mobile/es/components/selector';
import TextArea from 'antd-mobile/es/components/text-area';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentDocument } from '../../../shared/content/ContentDocument.tsx';
import { formatDate } from '../../../shared/i18n/dates.ts';
import { useSession } from '../../../shared/session/store.ts';
import { promptLogin, showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useApplyPartner, usePartnerApplication } from '../api/partners.ts';
import '../partners.css';

function ApplyForm({ again }: { again: boolean }) {
  const { t } = useTranslation('partners');
  const apply = useApplyPartner();
  const [kind, setKind] = useState<PartnerKind>('shop');
  const [contactName, setContactName] = useState('');
  const [businessName, setBusinessName] = useState('');
  const [note, setNote] = useState('');
  const submit = async () => {
    if (!contactName.trim() || !businessName.trim()) return showToast(t('required'));
    try {
      await apply.mutateAsync({ kind, contactName, businessName, note });
      showToast(t('sent'));
    } catch {
      // The client has shown the catalogue message.
    }
  };
  return (
    <section className="ptn-form card" data-testid="partner-form">
      <h2>{t(again ? 'applyAgain' : 'apply')}</h2>
      <p className="ptn-label">{t('kind')}</p>
      <Selector
        columns={3}
        value={[kind]}
        onChange={(v) => v[0] && setKind(v[0])}
        options={PARTNER_KINDS.map((k) => ({ label: t(`kinds.${k}`), value: k }))}
        data-testid="partner-kind"
      />
      <Input
        className="ptn-input"
        value={contactName}
        onChange={setContactName}
        placeholder={t('contactName')}
        maxLength={60}
        data-testid="partner-contact"
      />
      <Input
        className="ptn-input"
        value={businessName}
        onChange={setBusinessName}
        placeholder={t('businessName')}
        maxLength={100}
        data-testid="partner-business"
      />
      <TextArea
        className="ptn-input"
        value={note}
        onChange={setNote}
        placeholder={t('note')}
        rows={3}
        maxLength={500}
        data-testid="partner-note"
      />
      <Button block color="primary" loading={apply.isPending} onClick={submit} data-testid="partner-submit">
        {t('submit')}
      </Button>
    </section>
  );
}

function Status({ application }: { application: PartnerApplication }) {
  const { t, i18n } = useTranslation('partners');
  const at = formatDate(application.decidedAt ?? application.createdAt, i18n.language);
  return (
    <section className={`ptn-status ptn-status--${application.state} card`} data-testid="partner-status">
      <strong data-state={application.state}>{t(`state.${application.state}`)}</strong>
      <p>{t(`stateHint.${application.state}`, { at, business: application.businessName })}</p>
      {application.decisionNote && <p className="ptn-reason">{application.decisionNote}</p>}
    </section>
  );
}

/**
 * /partnership: the partner programme as staff wrote it (content module), and a logged-in shopper's
 * application: the form, or where it stands; a refused shopper may apply again.
 */
export function Component() {
  const { t } = useTranslation('partners');
  const session = useSession();
  const mine = usePartnerApplication();
  const application = mine.data?.application ?? null;
  return (
    <>
      <PageHeader title={t('title')} />
      <main className="ptn-page">
        <ContentDocument docKey={PARTNER_PROGRAMME_DOC} />
        {!session.token ? (
          <section className="ptn-form card" data-testid="partner-guest">
            <p>{t('loginToApply')}</p>
            <Button block color="primary" onClick={() => void promptLogin(session.thirdId)} data-testid="partner-login">
              {t('login')}
            </Button>
          </section>
        ) : mine.isPending ? (
          <div className="ptn-loading" aria-busy="true">
            <DotLoading />
          </div>
        ) : (
          <>
            {application && <Status application={application} />}
            {(!application || application.state === 'refused') && <ApplyForm again={Boolean(application)} />}
          </>
        )}
      </main>
    </>
  );
}
