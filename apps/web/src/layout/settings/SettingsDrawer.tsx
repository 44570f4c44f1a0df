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
            <button
              key={mode}
              type="button"
              className={`cpm-settings-option${settings.themeMode === mode ? ' is-active' : ''}`}
              onClick={() => settings.update({ themeMode: mode })}
              data-testid={`theme-mode-${mode}`}
              aria-pressed={settings.themeMode === mode}
            >
              <Preview variant={`mode-${mode}`} />
              <span>{t(`drawer.modes.${mode}`)}</span>
            </button>
          ))}
        </div>
        {settings.themeMode === 'auto' && <div className="cpm-settings-hint">{t('drawer.autoHint')}</div>}

        <div className="cpm-settings-label">{t('drawer.menuTheme')}</div>
        <div className="cpm-settings-options">
          {MENU_THEMES.map((menuTheme) => (
            <button
              key={menuTheme}
              type="button"
              disabled={dark}
              className={`cpm-settings-option${settings.menuTheme === menuTheme ? ' is-active' : ''}`}
              onClick={() => settings.update({ menuTheme })}
              data-testid={`menu-theme-${menuTheme}`}
              aria-pressed={settings.menuTheme === menuTheme}
            >
              <Preview variant={`menu-${menuTheme}`} />
              <span>{t(`drawer.menuThemes.${menuTheme}`)}</span>
            </button>
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
