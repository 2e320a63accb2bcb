import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';

type Way = { to: string; label: string; testId: string };

/**
 * A buying screen opened without what it is about (no order form, a visitor's order): says so in
 * the shopper's language and offers the ways on, never a title bar over an empty page.
 */
export function NoSubject({
  title,
  heading,
  reason,
  ways,
  testId,
}: {
  title: string;
  heading: string;
  reason: string;
  ways: Way[];
  testId: string;
}) {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={title} />
      <div className="card buy-empty" data-testid={testId}>
        <ErrorBlock status="empty" title={heading} description={reason} />
      </div>
      <div className="buy-actions">
        {ways.map((way, i) => (
          <Button
            key={way.to}
            block
            color={i === 0 ? 'primary' : 'default'}
            onClick={() => navigate(way.to)}
            data-testid={way.testId}
          >
            {way.label}
          </Button>
        ))}
      </div>
    </>
  );
}
