import {
  adminValuationCreateModel,
  adminValuationModels,
  adminValuationRenameBrand,
  adminValuationSetRule,
  type ConsoleValuationModel,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, InputNumber, Modal, Space, Switch, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../api.ts';
import { money } from '../format.ts';
import { useT } from '../i18n.tsx';
import { PageTitle, useShowError } from '../ui.tsx';
import { Calendar } from './ValuationCalendar.tsx';
import { VisitHours } from './ValuationHours.tsx';

/** One answer of a question: its code, its label in the three languages, and what it takes off. */
const ANSWER_ROW = {
  display: 'grid',
  gridTemplateColumns: '72px repeat(3, minmax(0, 1fr)) auto 150px',
  gap: 6,
  alignItems: 'center',
  marginTop: 6,
} as const;

const LABEL_LANGUAGES = [
  ['en-US', 'EN'],
  ['chs', '中文'],
  ['kh', 'ខ្មែរ'],
] as const;

/** Valuation: the appointment calendar with each visit's outcome, and the models' price rules. */
/** An amount in US dollars with its cents: the console edits prices in dollars, the server keeps cents. */
function UsdInput({
  value,
  onChange,
  min = 0,
  label,
}: {
  value: number | null;
  onChange: (usd: number) => void;
  min?: number;
  /** Its name (the text beside it names nothing). */
  label: string;
}) {
  return (
    <InputNumber
      aria-label={label}
      style={{ width: 150 }}
      prefix="USD"
      min={min}
      precision={2}
      value={value}
      onChange={(v) => onChange(v ?? 0)}
    />
  );
}

export function Component() {
  const t = useT();
  const [tab, setTab] = useState('calendar');
  return (
    <>
      <PageTitle>{t('valuation.title')}</PageTitle>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'calendar', label: t('valuation.calendar'), children: <Calendar /> },
          { key: 'models', label: t('valuation.models'), children: <Models /> },
          { key: 'hours', label: t('valuation.hours'), children: <VisitHours /> },
        ]}
      />
    </>
  );
}

function Models() {
  const t = useT();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['valuation-models'], queryFn: () => call(adminValuationModels) });
  const [editing, setEditing] = useState<ConsoleValuationModel | null>(null);
  const save = useMutation({
    mutationFn: (m: ConsoleValuationModel) =>
      call(adminValuationSetRule, {
        id: m.id,
        baseCents: m.baseCents,
        floorCents: m.floorCents,
        enabled: m.enabled,
        questions: m.questions,
      }),
    onSuccess: () => {
      message.success(t('common.saved'));
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: ['valuation-models'] });
    },
    onError: showError,
  });
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState({
    id: '',
    brandName: '',
    name: '',
    color: '#5b5f66',
    base: 300,
    floor: 30,
    sizes: '128, 256',
    step: 20,
  });
  const create = useMutation({
    mutationFn: () =>
      call(adminValuationCreateModel, {
        id: draft.id.trim(),
        brandName: draft.brandName.trim(),
        name: draft.name.trim(),
        color: draft.color,
        baseCents: Math.round(draft.base * 100),
        floorCents: Math.round(draft.floor * 100),
        storageGb: draft.sizes
          .split(/[\s,]+/)
          .filter(Boolean)
          .map(Number),
        storageStepCents: Math.round(draft.step * 100),
      }),
    onSuccess: () => {
      message.success(t('common.saved'));
      setAdding(false);
      void queryClient.invalidateQueries({ queryKey: ['valuation-models'] });
    },
    onError: showError,
  });
  const setOption = (
    qi: number,
    oi: number,
    change: (o: ConsoleValuationModel['questions'][0]['options'][0]) => void,
  ) =>
    setEditing((m) => {
      if (!m) return m;
      const questions = structuredClone(m.questions);
      change(questions[qi].options[oi]);
      return { ...m, questions };
    });
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const rename = useMutation({
    mutationFn: (b: { id: string; name: string }) => call(adminValuationRenameBrand, b),
    onSuccess: () => {
      message.success(t('common.saved'));
      setRenaming(null);
      void queryClient.invalidateQueries({ queryKey: ['valuation-models'] });
    },
    onError: showError,
  });
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <span>{t('valuation.rulesNote')}</span>
        <Button type="primary" onClick={() => setAdding(true)} data-testid="eva-new-model">
          {t('valuation.newModel')}
        </Button>
      </Space>
      <Modal
        open={adding}
        title={t('valuation.newModel')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        okButtonProps={{ loading: create.isPending }}
        onCancel={() => setAdding(false)}
        onOk={() => create.mutate()}
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Input
            addonBefore={t('valuation.code')}
            aria-label={t('valuation.code')}
            placeholder="pixel-8"
            data-testid="eva-new-id"
            value={draft.id}
            onChange={(e) => setDraft({ ...draft, id: e.target.value })}
          />
          <Input
            addonBefore={t('valuation.brand')}
            aria-label={t('valuation.brand')}
            data-testid="eva-new-brandName"
            value={draft.brandName}
            onChange={(e) => setDraft({ ...draft, brandName: e.target.value })}
          />
          <Input
            addonBefore={t('valuation.model')}
            aria-label={t('valuation.model')}
            data-testid="eva-new-name"
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          />
          <Input
            addonBefore={t('valuation.color')}
            aria-label={t('valuation.color')}
            type="color"
            value={draft.color}
            onChange={(e) => setDraft({ ...draft, color: e.target.value })}
          />
          <Space wrap>
            <span>{t('valuation.upTo')}</span>
            <UsdInput
              label={t('valuation.upTo')}
              min={1}
              value={draft.base}
              onChange={(v) => setDraft({ ...draft, base: v })}
            />
            <span>{t('valuation.floor')}</span>
            <UsdInput
              label={t('valuation.floor')}
              value={draft.floor}
              onChange={(v) => setDraft({ ...draft, floor: v })}
            />
          </Space>
          <Input
            addonBefore={t('valuation.sizes')}
            aria-label={t('valuation.sizes')}
            value={draft.sizes}
            onChange={(e) => setDraft({ ...draft, sizes: e.target.value })}
          />
          <Space>
            <span>{t('valuation.step')}</span>
            <UsdInput
              label={t('valuation.step')}
              value={draft.step}
              onChange={(v) => setDraft({ ...draft, step: v })}
            />
          </Space>
        </Space>
      </Modal>
      <Table<ConsoleValuationModel>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data}
        pagination={false}
        columns={[
          {
            title: t('valuation.brand'),
            dataIndex: 'brandName',
            render: (name: string, row) => (
              <Space size={4}>
                {name}
                <Button
                  type="link"
                  size="small"
                  onClick={() => setRenaming({ id: row.brandId, name })}
                  data-testid={`eva-rename-${row.brandId}-${row.id}`}
                >
                  {t('valuation.rename')}
                </Button>
              </Space>
            ),
          },
          { title: t('valuation.model'), dataIndex: 'name' },
          { title: t('valuation.upTo'), dataIndex: 'baseCents', render: (c: number) => money(c) },
          { title: t('valuation.floor'), dataIndex: 'floorCents', render: (c: number) => money(c) },
          { title: t('valuation.version'), dataIndex: 'ruleVersion' },
          {
            title: t('valuation.enabled'),
            dataIndex: 'enabled',
            render: (v: boolean) => (v ? t('common.yes') : t('common.no')),
          },
          {
            title: '',
            key: 'edit',
            render: (_, row) => (
              <Button size="small" onClick={() => setEditing(structuredClone(row))} data-testid={`eva-edit-${row.id}`}>
                {t('common.edit')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        width={980}
        title={editing?.name}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        okButtonProps={{ loading: save.isPending, id: 'eva-rule-save' }}
        onCancel={() => setEditing(null)}
        onOk={() => editing && save.mutate(editing)}
      >
        {editing && (
          <>
            <Space wrap style={{ marginBottom: 12 }}>
              <span>{t('valuation.upTo')}</span>
              <UsdInput
                label={t('valuation.upTo')}
                min={1}
                value={editing.baseCents / 100}
                onChange={(v) => setEditing({ ...editing, baseCents: Math.round(v * 100) })}
              />
              <span>{t('valuation.floor')}</span>
              <UsdInput
                label={t('valuation.floor')}
                value={editing.floorCents / 100}
                onChange={(v) => setEditing({ ...editing, floorCents: Math.round(v * 100) })}
              />
              <span>{t('valuation.enabled')}</span>
              <Switch
                aria-label={t('valuation.enabled')}
                checked={editing.enabled}
                onChange={(v) => setEditing({ ...editing, enabled: v })}
              />
            </Space>
            {editing.questions.map((q, qi) => (
              <div key={q.key} style={{ marginBottom: 10 }}>
                <b>{t(`valuation.question.${q.key}`)}</b>
                {q.options.map((o, oi) => (
                  <div key={o.code} className="eva-answer" style={ANSWER_ROW}>
                    <Tag style={{ justifySelf: 'start' }}>{o.code}</Tag>
                    {LABEL_LANGUAGES.map(([language, short]) => (
                      <Input
                        key={language}
                        size="small"
                        addonBefore={short}
                        aria-label={`${t(`valuation.question.${q.key}`)} · ${o.code} · ${t(`language.${language}`)}`}
                        maxLength={language === 'kh' ? 120 : 80}
                        value={o.label[language]}
                        status={o.label[language].trim() ? undefined : 'error'}
                        data-testid={`eva-label-${q.key}-${o.code}-${language}`}
                        onChange={(e) =>
                          setOption(qi, oi, (option) => {
                            option.label[language] = e.target.value;
                          })
                        }
                      />
                    ))}
                    <span>{t('valuation.deduct')}</span>
                    <UsdInput
                      label={`${t('valuation.deduct')} · ${t(`valuation.question.${q.key}`)} · ${o.code}`}
                      value={o.deductCents / 100}
                      onChange={(v) =>
                        setOption(qi, oi, (option) => {
                          option.deductCents = Math.round(v * 100);
                        })
                      }
                    />
                  </div>
                ))}
              </div>
            ))}
          </>
        )}
      </Modal>
      <Modal
        open={renaming !== null}
        title={t('valuation.renameTitle')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        okButtonProps={{ loading: rename.isPending, disabled: !renaming?.name.trim(), id: 'eva-rename-save' }}
        onCancel={() => setRenaming(null)}
        onOk={() => renaming && rename.mutate({ id: renaming.id, name: renaming.name.trim() })}
      >
        <Input
          maxLength={40}
          aria-label={t('valuation.brand')}
          value={renaming?.name}
          data-testid="eva-rename-name"
          onChange={(e) => setRenaming((b) => b && { ...b, name: e.target.value })}
        />
      </Modal>
    </>
  );
}
