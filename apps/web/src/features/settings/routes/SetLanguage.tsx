import { LANGUAGES, type Language } from '@shop/contracts';
import CheckList from 'antd-mobile/es/components/check-list';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { changeLanguage, currentLanguage } from '../../../shared/i18n/index.ts';
import { appState } from '../../../shared/navigation/state.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';

/** Each language named in itself, so a visitor finds theirs whatever is shown now. */
const NATIVE_NAMES: Record<Language, string> = { 'en-US': 'English', chs: '简体中文', kh: 'ភាសាខ្មែរ' };

/** /setLanguage: choose the shop's language, then return where the visitor came from. */
export function Component() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const choose = async (value: Language) => {
    await changeLanguage(value);
    navigate(appState.takeJumpPath() || '/', { replace: true });
  };
  return (
    <>
      <PageHeader title={t('language')} />
      <CheckList
        className="card"
        value={[currentLanguage()]}
        onChange={(values) => values[0] && void choose(values[0] as Language)}
      >
        {LANGUAGES.map((language) => (
          <CheckList.Item key={language} value={language} data-testid={`language-${language}`}>
            {NATIVE_NAMES[language]}
          </CheckList.Item>
        ))}
      </CheckList>
    </>
  );
}
