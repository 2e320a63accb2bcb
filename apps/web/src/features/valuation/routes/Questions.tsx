import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { BottomBar } from '../../../shared/ui/BottomBar.tsx';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useEvaluate, useValuationParams } from '../api/valuation.ts';
import '../valuation.css';

/** /valuation/questions?modelId: the model's condition questions; the price comes from the server. */
export function Component() {
  const { t } = useTranslation('valuation');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const modelId = params.get('modelId') ?? '';
  const { data, isPending } = useValuationParams(modelId);
  const evaluate = useEvaluate();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const total = data?.questions.length ?? 0;
  const done = data ? data.questions.filter((q) => answers[q.key]).length : 0;

  const submit = async () => {
    if (!data || done < total) return;
    const text = data.questions.map((q) => `${q.key}:${answers[q.key]}`).join(',');
    const estimate = await evaluate.mutateAsync({ modelId, answers: text });
    navigate(`/estimated?id=${estimate.id}`);
  };

  return (
    <>
      <PageHeader title={data?.model.name ?? t('questionsTitle')} />
      {isPending && <Skeleton.Paragraph lineCount={8} animated />}
      {data && (
        <div className="eva-questions">
          <div className="eva-questions__model card">
            <img src={data.model.picture} alt="" width={64} height={64} />
            <div>
              <strong>{data.model.name}</strong>
              <p>{t('questionsTitle')}</p>
            </div>
          </div>
          {data.questions.map((q, i) => (
            <section key={q.key} className="eva-question card" data-testid={`eva-question-${q.key}`}>
              <h2>
                {i + 1}. {q.title}
              </h2>
              <div className="eva-options">
                {q.options.map((o) => (
                  <button
                    type="button"
                    key={o.code}
                    aria-pressed={answers[q.key] === o.code}
                    className={`eva-option${answers[q.key] === o.code ? ' eva-option--on' : ''}`}
                    onClick={() => setAnswers((a) => ({ ...a, [q.key]: o.code }))}
                    data-testid={`eva-option-${q.key}-${o.code}`}
                  >
                    {o.label}
                  </button>
                ))}
              </div>
            </section>
          ))}
        </div>
      )}
      <BottomBar className="buy-bar">
        <span className="buy-bar__total eva-progress">
          {done < total ? t('answerAll', { done, total }) : t('allAnswered', { total })}
        </span>
        <Button
          color="primary"
          disabled={!data || done < total}
          loading={evaluate.isPending}
          onClick={submit}
          data-testid="eva-get-estimate"
        >
          {t('getEstimate')}
        </Button>
      </BottomBar>
    </>
  );
}
