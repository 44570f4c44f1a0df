import { theme } from 'antd';
import { isDarkColor } from './isDarkColor';

/** True while the console shows its dark theme (read from the antd theme in force). */
export const useIsDark = (): boolean => isDarkColor(theme.useToken().token.colorBgContainer);
