import 'antd-mobile/es/components/nav-bar/nav-bar.css';
import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { appState } from '../navigation/state.ts';

/**
 * The title bar of a screen, with a back arrow that goes back or, on a first page, home. Drawn in
 * antd-mobile's NavBar classes, but its back arrow is a real button with a name in the page's
 * language (NavBar's is a nameless div with role=button that a keyboard cannot reach).
 */
export function PageHeader({
  title,
  right,
  heading = true,
}: {
  title: ReactNode;
  right?: ReactNode;
  /**
   * false when the page has its own h1 below (a product's name): the bar's title is then plain
   * text, so the page has one heading at the top (issue 36).
   */
  heading?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = () => {
    appState.setBacking(true);
    if (window.history.state?.idx > 0) navigate(-1);
    else navigate('/');
  };
  return (
    <header className="adm-nav-bar page-header">
      <div className="adm-nav-bar-left">
        <button type="button" className="adm-nav-bar-back page-header__back" onClick={back} aria-label={t('back')}>
          <span className="adm-nav-bar-back-arrow">
            <LeftOutline aria-hidden="true" />
          </span>
        </button>
      </div>
      {heading ? <h1 className="adm-nav-bar-title">{title}</h1> : <div className="adm-nav-bar-title">{title}</div>}
      <div className="adm-nav-bar-right">{right}</div>
    </header>
  );
}
