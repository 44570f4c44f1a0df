import {
  REPORT_FREQUENCIES,
  REPORT_LANGUAGES,
  REPORT_SECTIONS,
  type ReportFrequency,
  type ReportScheduleRow,
} from '@cpm/contracts';
import { reportsRoutes } from '@cpm/contracts/routes';
import { Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { CrudField, CrudFormModal, lazySchema } from '../../../shared/crud';
import { browserZone, timeZoneOptions } from '../../../shared/time/timeZones';

const scheduleSaveSchema = lazySchema(() =>
  import('@cpm/contracts/reports/reports.contract').then((m) => m.ReportScheduleSaveSchema),
);

/** Two digits and minutes: how an hour of the day reads. */
export const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

type Props = {
  /** undefined: closed; null: a new schedule; a row: editing it. */
  editing: ReportScheduleRow | null | undefined;
  onClose: () => void;
  onSaved: () => void;
};

/** Creates or edits a schedule: when it goes out, to whom, in which language, with which sections. */
export const ReportScheduleForm = ({ editing, onClose, onSaved }: Props) => {
  const { t, i18n } = useTranslation('reports');
  const [frequency, setFrequency] = useState<ReportFrequency>('daily');
  const [shownFor, setShownFor] = useState<ReportScheduleRow | null | undefined>(undefined);
  // The day fields follow the frequency of the schedule being opened, then the user's choice.
  if (shownFor !== editing) {
    setShownFor(editing);
    setFrequency(editing?.frequency ?? 'daily');
  }
  const initialValues = editing
    ? {
        ...editing,
        weekday: editing.weekday ?? undefined,
        monthDay: editing.monthDay ?? undefined,
      }
    : {
        frequency: 'daily' as const,
        hour: 8,
        weekday: 1,
        monthDay: 1,
        timeZone: browserZone(),
        language: i18n.language === 'zh' ? ('zh' as const) : ('en' as const),
        sections: [...REPORT_SECTIONS],
      };
  return (
    <CrudFormModal
      open={editing !== undefined}
      variant="drawer"
      title={editing ? t('edit') : t('add')}
      schema={scheduleSaveSchema}
      initialValues={initialValues}
      onSubmit={(body) =>
        call(reportsRoutes.save, { body: { ...body, id: editing?.id }, notifySuccess: true })
      }
      onClose={onClose}
      onSaved={onSaved}
      testId="report-form"
    >
      <CrudField name="name" label={t('name')}>
        <Input data-testid="report-name" />
      </CrudField>
      <CrudField name="email" label={t('email')}>
        <Input type="email" data-testid="report-email" />
      </CrudField>
      <CrudField name="frequency" label={t('frequency')}>
        <Select
          data-testid="report-frequency"
          onChange={(v: ReportFrequency) => setFrequency(v)}
          options={REPORT_FREQUENCIES.map((f) => ({ value: f, label: t(`frequencies.${f}`) }))}
        />
      </CrudField>
      {frequency === 'weekly' && (
        <CrudField name="weekday" label={t('weekday')} required>
          <Select
            data-testid="report-weekday"
            options={[1, 2, 3, 4, 5, 6, 0].map((d) => ({ value: d, label: t(`weekdays.${d}`) }))}
          />
        </CrudField>
      )}
      {frequency === 'monthly' && (
        <CrudField name="monthDay" label={t('monthDay')} required>
          <Select
            data-testid="report-month-day"
            options={Array.from({ length: 28 }, (_, i) => ({
              value: i + 1,
              label: t('monthDayValue', { day: i + 1 }),
            }))}
          />
        </CrudField>
      )}
      <CrudField name="hour" label={t('hour')}>
        <Select
          data-testid="report-hour"
          options={Array.from({ length: 24 }, (_, h) => ({ value: h, label: hourText(h) }))}
        />
      </CrudField>
      <CrudField name="timeZone" label={t('timeZone')}>
        <Select showSearch data-testid="report-zone" options={timeZoneOptions()} />
      </CrudField>
      <CrudField name="language" label={t('language')}>
        <Select
          data-testid="report-language"
          options={REPORT_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
        />
      </CrudField>
      <CrudField name="sections" label={t('sections')}>
        <Select
          mode="multiple"
          data-testid="report-sections"
          options={REPORT_SECTIONS.map((s) => ({ value: s, label: t(`sectionNames.${s}`) }))}
        />
      </CrudField>
    </CrudFormModal>
  );
};
