import { isPlatformPath, TASK_PARAMS, type TaskPlatform, type TaskType } from '@cpm/contracts';
import { Alert, Checkbox, Col, Form, Input, Radio, Row, Select, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { GridItem } from '../../../shared/crud/GridItem';
import { type ObjectSchema, zodRules } from '../../../shared/crud/zodForm';
import { AppInstallFields } from './AppInstallFields';
import { PackageSelect } from './PackageSelect';
import { ResourceSelect } from './ResourceSelect';

/** Permissions offered in the picker; any other permission name can be typed. */
const COMMON_PERMISSIONS = [
  'android.permission.CAMERA',
  'android.permission.ACCESS_FINE_LOCATION',
  'android.permission.ACCESS_COARSE_LOCATION',
  'android.permission.READ_EXTERNAL_STORAGE',
  'android.permission.WRITE_EXTERNAL_STORAGE',
  'android.permission.RECORD_AUDIO',
  'android.permission.READ_PHONE_STATE',
  'android.permission.BLUETOOTH_CONNECT',
  'android.permission.POST_NOTIFICATIONS',
];

/** An example target directory and shell command on each platform, shown as placeholders. */
const PATH_EXAMPLE: Record<TaskPlatform, string> = {
  android: '/sdcard/Download',
  windows: 'C:\\POS\\data',
  linux: '/opt/pos/files',
};
const COMMAND_EXAMPLE: Record<TaskPlatform, string> = {
  android: 'getprop ro.build.version.release',
  windows: 'ipconfig /all',
  linux: 'uname -a',
};

/**
 * The fields of the chosen task type. Each field's rule is the contract's own parameter schema, so
 * the console refuses what the server would (a shell command with shutdown or reboot, a path ending
 * in a backslash) with the same words, as the user types.
 */
export const TypeParamsFields = ({
  type,
  platform,
  available,
  known,
}: {
  type: TaskType | undefined;
  platform: TaskPlatform;
  /** Whether this server can run the type now (install-app tasks come with the app market). */
  available: boolean;
  /** The file, wallpaper or boot animation of a copied task, named. */
  known?: { id: string; name: string } | null;
}) => {
  const { t, i18n } = useTranslation('tasks');
  if (!type) return <Typography.Text type="secondary">{t('params.chooseType')}</Typography.Text>;
  if (!available)
    return (
      <Alert type="info" showIcon message={t('params.unavailable')} data-testid="task-type-unavailable" />
    );
  const schema = TASK_PARAMS[type] as unknown as ObjectSchema;
  const rules = (name: string, extra: Rule[] = []): Rule[] => [
    ...zodRules(schema, name, i18n.language),
    ...extra,
  ];
  const field = (name: string) => ['params', name];
  /** A parameter's place in the form and the contract's rules for it. */
  const param = (name: string, extra?: Rule[]) => ({ name: field(name), rules: rules(name, extra) });
  const pathRule: Rule = {
    validator: async (_r, value: unknown) => {
      if (typeof value !== 'string' || !value.trim() || value.trim().endsWith('\\')) return;
      if (!isPlatformPath(platform, value.trim())) throw new Error(t(`params.absolutePath.${platform}`));
    },
  };

  switch (type) {
    case 'app_install':
      return <AppInstallFields platform={platform} rules={(name) => rules(name)} />;
    case 'app_uninstall':
      return (
        <Row gutter={16}>
          <GridItem col={{ xs: 24, md: 16 }} {...param('packageName')} label={t('params.installedApp')}>
            <PackageSelect platform={platform} testId="task-param-packageName" />
          </GridItem>
          <GridItem col={{ xs: 24, md: 8 }} name={field('keepData')} valuePropName="checked" label=" ">
            <Checkbox data-testid="task-param-keepData">{t('params.keepData')}</Checkbox>
          </GridItem>
        </Row>
      );
    case 'file_push':
      return (
        <Row gutter={16}>
          <GridItem {...param('fileId')} label={t('params.file')}>
            <ResourceSelect known={known} kind="sysFile" testId="task-param-file" />
          </GridItem>
          <GridItem {...param('path', [pathRule])} label={t('params.path')} extra={t('params.pathHint')}>
            <Input
              className="cpm-task-mono"
              placeholder={PATH_EXAMPLE[platform]}
              data-testid="task-param-path"
            />
          </GridItem>
        </Row>
      );
    case 'ota':
      return (
        <Form.Item {...param('fileId')} label={t('params.otaFile')} extra={t('params.otaHint')}>
          <ResourceSelect known={known} kind="otaFile" testId="task-param-file" />
        </Form.Item>
      );
    case 'wallpaper':
      return (
        <Row gutter={16}>
          <Col xs={24} md={platform === 'android' ? 14 : 24}>
            <Form.Item {...param('wallpaperId')} label={t('params.wallpaper')}>
              <ResourceSelect known={known} kind="wallpaper" testId="task-param-wallpaper" />
            </Form.Item>
          </Col>
          {platform === 'android' && (
            <GridItem
              col={{ xs: 24, md: 10 }}
              name={field('screen')}
              label={t('params.screen')}
              initialValue="both"
            >
              <Radio.Group
                optionType="button"
                options={(['home', 'lock', 'both'] as const).map((s) => ({
                  value: s,
                  label: t(`params.screens.${s}`),
                }))}
              />
            </GridItem>
          )}
        </Row>
      );
    case 'boot_animation':
      return (
        <Form.Item {...param('bootAnimationId')} label={t('params.bootAnimation')}>
          <ResourceSelect known={known} kind="bootAnimation" testId="task-param-boot" />
        </Form.Item>
      );
    case 'command':
      return (
        <Form.Item {...param('command')} label={t('params.command')} extra={t('params.commandHint')} required>
          <Input.TextArea
            rows={4}
            className="cpm-task-mono"
            placeholder={COMMAND_EXAMPLE[platform]}
            data-testid="task-param-command"
          />
        </Form.Item>
      );
    case 'permission':
      return (
        <Row gutter={16}>
          <GridItem {...param('packageName')} label={t('params.installedApp')}>
            <PackageSelect platform={platform} testId="task-param-packageName" />
          </GridItem>
          <GridItem {...param('action')} label={t('params.permissionAction')}>
            <Radio.Group
              optionType="button"
              data-testid="task-param-action"
              options={(['grant', 'revoke'] as const).map((a) => ({ value: a, label: t(`params.${a}`) }))}
            />
          </GridItem>
          <GridItem
            span="full"
            {...param('permissions')}
            label={t('params.permissions')}
            extra={t('params.permissionsHint')}
          >
            <Select
              mode="tags"
              tokenSeparators={[',', ' ']}
              options={COMMON_PERMISSIONS.map((p) => ({ value: p, label: p }))}
              data-testid="task-param-permissions"
            />
          </GridItem>
        </Row>
      );
    case 'registry':
      return (
        <Row gutter={16}>
          <GridItem span="full" {...param('key')} label={t('params.registryKey')}>
            <Input
              className="cpm-task-mono"
              placeholder="HKLM\SOFTWARE\Vendor\POS"
              data-testid="task-param-key"
            />
          </GridItem>
          <GridItem col={{ xs: 24, md: 10 }} {...param('name')} label={t('params.registryName')}>
            <Input data-testid="task-param-name" />
          </GridItem>
          <GridItem
            col={{ xs: 24, md: 6 }}
            {...param('valueType')}
            label={t('params.registryType')}
            initialValue="REG_SZ"
          >
            <Select options={['REG_SZ', 'REG_DWORD'].map((v) => ({ value: v, label: v }))} />
          </GridItem>
          <GridItem col={{ xs: 24, md: 8 }} {...param('value')} label={t('params.registryValue')}>
            <Input data-testid="task-param-value" />
          </GridItem>
        </Row>
      );
    case 'reboot':
      return <Alert type="info" showIcon message={t('params.rebootHint')} />;
    default:
      return null;
  }
};
