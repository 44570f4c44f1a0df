import { DeleteOutlined, FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import { TASK_LIMITS } from '@cpm/contracts';
import { remoteTaskRoutes } from '@cpm/contracts/routes';
import { Alert, Button, type FormRule, Input, Space, Tag, Typography, Upload } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { upload } from '../../../api/http';
import { mergeSns, parseSnText } from '../lib/snList';

/** How many chosen SNs show as tags; the rest are counted. */
const SHOWN = 60;

type Notice = { type: 'success' | 'warning' | 'error'; text: string };

/**
 * The SN box as its field's rule reaches it: takes what is typed and answers the list with it (null
 * when it would pass the limit) and whether entries that are not SNs stay in the box.
 */
export type TypedSns = { take: () => { sns: string[] | null; leftover: boolean } };

/**
 * The SN box's own rule for its form field, run when the form is saved: SNs typed but not added yet
 * are added then, and the save is refused while the box holds entries that are not serial numbers,
 * instead of sending the list without them.
 */
export const useTypedSnsRule = (name: NamePath): { typed: RefObject<TypedSns | null>; rule: FormRule } => {
  const { t } = useTranslation('tasks');
  const typed = useRef<TypedSns | null>(null);
  const rule: FormRule = (form) => ({
    // Only on save (validateFields): a trigger by that name never fires while the user types.
    validateTrigger: 'onSave',
    validator: async () => {
      const taken = typed.current?.take();
      if (!taken) return;
      if (!taken.sns) throw new Error(t('sns.tooMany', { max: TASK_LIMITS.snsMax }));
      // Set without a change event: one would start a new validation and void this save's.
      form.setFieldValue(name, taken.sns);
      if (taken.leftover) throw new Error(t('sns.notAdded'));
    },
  });
  return { typed, rule };
};

type Props = {
  value?: string[];
  /** Lets the field's rule add what is typed when the form is saved (see `useTypedSnsRule`). */
  typed?: RefObject<TypedSns | null>;
  onChange?: (sns: string[]) => void;
  /** Listed SNs the preview says the task cannot reach. */
  unreachable?: readonly string[];
  /** Whether the Excel import is offered (it needs the add permission). */
  canImport?: boolean;
};

/**
 * Serial numbers typed or pasted (any separators), or read from the first column of an Excel file;
 * the chosen ones show as tags, those the preview cannot reach in red. Typed SNs join the list with
 * Add, and when the form is saved.
 */
export const SnListInput = ({ value = [], onChange, typed, unreachable = [], canImport = true }: Props) => {
  const { t } = useTranslation('tasks');
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [importing, setImporting] = useState(false);
  const missing = new Set(unreachable);

  /** Adds the SNs; false when the list would grow past the limit (nothing is added then). */
  const add = (sns: string[], invalid: string[], duplicates: number, apply = onChange) => {
    const merged = mergeSns(
      value,
      sns.map((s) => s.toUpperCase()),
    );
    const added = merged.length - value.length;
    if (merged.length > TASK_LIMITS.snsMax) {
      setNotice({ type: 'error', text: t('sns.tooMany', { max: TASK_LIMITS.snsMax }) });
      return null;
    }
    apply?.(merged);
    const parts = [t('sns.added', { count: added })];
    if (duplicates || sns.length > added)
      parts.push(t('sns.repeats', { count: duplicates + sns.length - added }));
    if (invalid.length)
      parts.push(
        t('sns.invalid', {
          count: invalid.length,
          list: invalid.slice(0, 5).join(', ') + (invalid.length > 5 ? ' …' : ''),
        }),
      );
    setNotice({ type: invalid.length ? 'warning' : 'success', text: parts.join(' ') });
    return merged;
  };

  /** Adds the typed SNs (through `apply`); the list with them, or null past the limit. */
  const addTyped = (apply = onChange) => {
    const parsed = parseSnText(text);
    if (!parsed.sns.length && !parsed.invalid.length) return value;
    const merged = add(parsed.sns, parsed.invalid, parsed.duplicates, apply);
    // Only what could not be added stays in the box, to be corrected.
    if (merged) setText(parsed.invalid.join('\n'));
    return merged;
  };
  useEffect(() => {
    if (!typed) return;
    typed.current = {
      take: () => {
        const sns = addTyped(() => undefined);
        return { sns, leftover: sns !== null && parseSnText(text).invalid.length > 0 };
      },
    };
    return () => {
      typed.current = null;
    };
  });

  const importFile = async (file: File) => {
    setImporting(true);
    try {
      const result = await upload(remoteTaskRoutes.parseSns, file, { loading: false });
      add(
        result.sns,
        result.invalid.map((r) => t('sns.row', { row: r.row, value: r.value })),
        0,
      );
    } catch {
      // The client showed why.
    } finally {
      setImporting(false);
    }
  };

  return (
    <div data-testid="task-sns">
      <Input.TextArea
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('sns.placeholder')}
        data-testid="task-sns-text"
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) addTyped();
        }}
      />
      <Space wrap style={{ marginTop: 8 }}>
        <Button
          icon={<PlusOutlined />}
          onClick={() => addTyped()}
          disabled={!text.trim()}
          data-testid="task-sns-add"
        >
          {t('sns.add')}
        </Button>
        {canImport && (
          <Upload
            accept=".xlsx"
            showUploadList={false}
            beforeUpload={(file) => {
              void importFile(file);
              return false;
            }}
          >
            <Button icon={<FileExcelOutlined />} loading={importing} data-testid="task-sns-import">
              {t('sns.import')}
            </Button>
          </Upload>
        )}
        {value.length > 0 && (
          <Button
            icon={<DeleteOutlined />}
            onClick={() => {
              onChange?.([]);
              setNotice(null);
            }}
            data-testid="task-sns-clear"
          >
            {t('sns.clear')}
          </Button>
        )}
        {missing.size > 0 && (
          <Button
            danger
            onClick={() => onChange?.(value.filter((sn) => !missing.has(sn)))}
            data-testid="task-sns-drop-missing"
          >
            {t('sns.dropMissing', { count: missing.size })}
          </Button>
        )}
      </Space>
      {notice && (
        <Alert
          type={notice.type}
          showIcon
          closable
          onClose={() => setNotice(null)}
          style={{ marginTop: 8 }}
          message={notice.text}
          data-testid="task-sns-notice"
        />
      )}
      {value.length > 0 && (
        <>
          <Typography.Text
            type="secondary"
            style={{ display: 'block', marginTop: 8 }}
            data-testid="task-sns-count"
          >
            {t('sns.chosen', { count: value.length })}
          </Typography.Text>
          <div className="cpm-task-sn-tags">
            {value.slice(0, SHOWN).map((sn) => (
              <Tag
                key={sn}
                closable
                color={missing.has(sn) ? 'error' : undefined}
                onClose={(e) => {
                  e.preventDefault();
                  onChange?.(value.filter((s) => s !== sn));
                }}
                data-testid={`task-sn-${sn}`}
              >
                {sn}
              </Tag>
            ))}
            {value.length > SHOWN && <Tag>{t('sns.more', { count: value.length - SHOWN })}</Tag>}
          </div>
        </>
      )}
    </div>
  );
};
