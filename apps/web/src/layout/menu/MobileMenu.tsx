import { Drawer } from 'antd';
import { FRAME } from '../../shared/settings/settingsDefaults';
import { SideMenu } from './SideMenu';

/** The side menu as an overlay on narrow screens (spec: below 800 px), opened from the header. */
export const MobileMenu = ({ open, onClose }: { open: boolean; onClose: () => void }) => (
  <Drawer
    open={open}
    placement="left"
    size={FRAME.menuWidth}
    onClose={onClose}
    closable={false}
    className="cpm-mobile-menu"
    styles={{ body: { padding: 0 } }}
  >
    <SideMenu collapsed={false} onNavigate={onClose} />
  </Drawer>
);
