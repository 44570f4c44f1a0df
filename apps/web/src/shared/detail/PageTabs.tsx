import { Tabs } from 'antd';
import { type ReactNode, useId } from 'react';
import { DetailTabStrip } from './DetailTabStrip';
import './detail.css';

type Props = {
  activeKey: string;
  onChange: (key: string) => void;
  items: readonly { key: string; label: ReactNode; children: ReactNode }[];
};

/**
 * A page's tabs: antd's panels under the kit's own strip (DetailTabStrip), which scrolls instead of
 * putting an overflow button inside the tablist.
 */
export const PageTabs = ({ activeKey, onChange, items }: Props) => {
  const id = useId();
  return (
    <Tabs
      id={id}
      activeKey={activeKey}
      onChange={onChange}
      items={items.map((tab) => ({ key: tab.key, label: tab.label, children: tab.children }))}
      renderTabBar={() => <DetailTabStrip id={id} tabs={items} active={activeKey} onChange={onChange} />}
    />
  );
};
