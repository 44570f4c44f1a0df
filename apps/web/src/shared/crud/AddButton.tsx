import { CloudUploadOutlined, PlusOutlined } from '@ant-design/icons';
import { ToolbarButton, type ToolbarButtonProps } from './ToolbarButton';

type Props = Pick<ToolbarButtonProps, 'permission' | 'label' | 'onClick' | 'testId'>;

/** A list toolbar's add button, shown only to users who may add. */
export const AddButton = (props: Props) => (
  <ToolbarButton type="primary" icon={<PlusOutlined />} {...props} />
);

/** A list toolbar's upload button (it opens the upload dialog), shown only to users who may upload. */
export const UploadButton = (props: Props) => (
  <ToolbarButton type="primary" icon={<CloudUploadOutlined />} {...props} />
);
