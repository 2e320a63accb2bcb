import { LOAN_DOCUMENTS, type LoanDocument, REQUIRED_LOAN_DOCUMENTS } from '@shop/contracts';
import { useTranslation } from 'react-i18next';
import { type PickedPicture, PicturePicker } from '../../../shared/uploads/PicturePicker.tsx';

export type DocumentPictures = Partial<Record<LoanDocument, PickedPicture>>;

/** The documents of spec §3: ID card and face picture required, the others when the shopper has them. */
export function DocumentPictures({
  value,
  onChange,
}: {
  value: DocumentPictures;
  onChange: (value: DocumentPictures) => void;
}) {
  const { t } = useTranslation('loans');
  return (
    <fieldset className="loans-docs-pictures" data-testid="loan-documents">
      <legend className="loans-section">{t('form.documents')}</legend>
      <p className="loans-note">{t('form.documentsNote')}</p>
      <div className="pic-pickers">
        {LOAN_DOCUMENTS.map((kind) => (
          <PicturePicker
            key={kind}
            name={kind}
            label={t(`document.${kind}`)}
            optional={!REQUIRED_LOAN_DOCUMENTS.includes(kind)}
            picture={value[kind] ?? null}
            onPicked={(picture) => onChange({ ...value, [kind]: picture })}
            testId={`loan-document-${kind}`}
          />
        ))}
      </div>
    </fieldset>
  );
}
