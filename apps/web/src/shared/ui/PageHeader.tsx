import NavBar from 'antd-mobile/es/components/nav-bar';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { appState } from '../navigation/state.ts';

/** The title bar of a screen, with a back arrow that goes back or, on a first page, home. */
export function PageHeader({ title, right }: { title: ReactNode; right?: ReactNode }) {
  const navigate = useNavigate();
  const back = () => {
    appState.setBacking(true);
    if (window.history.state?.idx > 0) navigate(-1);
    else navigate('/');
  };
  return (
    <NavBar className="page-header" onBack={back} right={right}>
      {title}
    </NavBar>
  );
}
