import { AppstoreOutlined } from '@ant-design/icons';
import type { ComponentType } from 'react';
import * as MENU_ICON_SET from './menuIconSet';

/** The icons menu entries may name, by name. */
export const MENU_ICONS: Readonly<Record<string, ComponentType>> = MENU_ICON_SET;

/** The icon component for a name; unknown names get a neutral icon. */
export const menuIcon = (name: string | undefined): ComponentType =>
  (name && MENU_ICONS[name]) || AppstoreOutlined;
