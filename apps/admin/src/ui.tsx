import { App } from 'antd';
import { useCallback } from 'react';
import { ApiError } from './api.ts';
import { useT } from './i18n.tsx';

/** Shows a failed call's catalogue message (in the console's language), or the network text. */
export function useShowError() {
  const { message } = App.useApp();
  const t = useT();
  return useCallback(
    (error: unknown) => {
      const text = error instanceof ApiError && error.message ? error.message : t('common.networkError');
      message.error(text);
    },
    [message, t],
  );
}

export function PageTitle({ children, extra }: { children: React.ReactNode; extra?: React.ReactNode }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 16 }}>
      <h2 style={{ margin: 0, fontSize: 20 }} data-testid="page-title">
        {children}
      </h2>
      <div>{extra}</div>
    </div>
  );
}
