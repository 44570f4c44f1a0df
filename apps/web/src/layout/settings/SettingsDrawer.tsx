import { CheckOutlined } from '@ant-design/icons';
import { Button, Divider, Drawer, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  FRAME,
  type MenuTheme,
  PRIMARY_COLORS,
  SETTING_SWITCHES,
  type ThemeMode,
} from '../../shared/settings/settingsDefaults';
import { useSettingsStore } from '../../shared/settings/settingsStore';
import { useResolvedTheme } from '../../shared/settings/useResolvedTheme';

const MODES: ThemeMode[] = ['light', 'dark', 'auto'];
const MENU_THEMES: MenuTheme[] = ['design', 'light', 'dark'];

/** A small picture of the frame in a colour mode or menu theme. */
const Preview = ({ variant }: { variant: string }) => (
  <span className={`cpm-preview cpm-preview-${variant}`} aria-hidden="true">
    <span className="cpm-preview-side" />
    <span className="cpm-preview-main">
      <span className="cpm-preview-bar" />
      <span className="cpm-preview-body" />
    </span>
  </span>
);

type PreviewOptionProps = {
  active: boolean;
  disabled?: boolean;
  onClick: () => void;
  testId: string;
  variant: string;
  label: string;
};

/** One choice of a look, pictured, pressed while it is the one in force. */
const PreviewOption = ({ active, disabled, onClick, testId, variant, label }: PreviewOptionProps) => (
  <button
    type="button"
    disabled={disabled}
    className={`cpm-settings-option${active ? ' is-active' : ''}`}
    onClick={onClick}
    data-testid={testId}
    aria-pressed={active}
  >
    <Preview variant={variant} />
    <span>{label}</span>
  </button>
);

/**
 * The personalisation drawer (265 px): colour mode, menu style, primary colour and every switch.
 * It opens below the top bar, so the gear that opened it stays in sight and closes it again.
 */
export const SettingsDrawer = () => {
  const { t } = useTranslation('layout');
  const settings = useSettingsStore();
  const dark = useResolvedTheme() === 'dark';

  return (
    <Drawer
      open={settings.drawerOpen}
      onClose={() => settings.setDrawerOpen(false)}
      size={FRAME.drawerWidth}
      title={t('drawer.title')}
      placement="right"
      className="cpm-settings-drawer"
      rootClassName="cpm-settings-drawer-root"
    >
      <div data-testid="settings-drawer">
        <div className="cpm-settings-label">{t('drawer.themeMode')}</div>
        <div className="cpm-settings-options">
          {MODES.map((mode) => (
            <PreviewOption
              key={mode}
              active={settings.themeMode === mode}
              onClick={() => settings.update({ themeMode: mode })}
              testId={`theme-mode-${mode}`}
              variant={`mode-${mode}`}
              label={t(`drawer.modes.${mode}`)}
            />
          ))}
        </div>
        {settings.themeMode === 'auto' && <div className="cpm-settings-hint">{t('drawer.autoHint')}</div>}

        <div className="cpm-settings-label">{t('drawer.menuTheme')}</div>
        <div className="cpm-settings-options">
          {MENU_THEMES.map((menuTheme) => (
            <PreviewOption
              key={menuTheme}
              active={settings.menuTheme === menuTheme}
              disabled={dark}
              onClick={() => settings.update({ menuTheme })}
              testId={`menu-theme-${menuTheme}`}
              variant={`menu-${menuTheme}`}
              label={t(`drawer.menuThemes.${menuTheme}`)}
            />
          ))}
        </div>
        {dark && <div className="cpm-settings-hint">{t('drawer.darkMenuNote')}</div>}

        <div className="cpm-settings-label">{t('drawer.primaryColor')}</div>
        <div className="cpm-settings-colors">
          {PRIMARY_COLORS.map((color) => (
            <button
              key={color}
              type="button"
              className="cpm-settings-color"
              style={{ background: color }}
              onClick={() => settings.update({ primaryColor: color })}
              aria-label={color}
              aria-pressed={settings.primaryColor === color}
              data-testid={`primary-color-${color.slice(1)}`}
            >
              {settings.primaryColor === color && <CheckOutlined />}
            </button>
          ))}
        </div>

        <Divider className="cpm-settings-divider" />
        <div className="cpm-settings-label">{t('drawer.features')}</div>
        {SETTING_SWITCHES.map((key) => (
          <div key={key} className="cpm-settings-switch">
            <span>{t(`drawer.switches.${key}`)}</span>
            <Switch
              size="small"
              checked={settings[key]}
              onChange={(checked) => settings.update({ [key]: checked })}
              data-testid={`setting-${key}`}
            />
          </div>
        ))}
        <Button block className="cpm-settings-reset" onClick={settings.reset} data-testid="settings-reset">
          {t('drawer.reset')}
        </Button>
      </div>
    </Drawer>
  );
};
