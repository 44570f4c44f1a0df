import { lazy, Suspense, useState } from 'react';
import { LanguageButton } from './LanguageButton';

const LanguageDropdown = lazy(() =>
  import('./LanguageDropdown').then((m) => ({ default: m.LanguageDropdown })),
);

/**
 * The language switch of the sign-in page: the button alone, with the dropdown's code (antd's menu
 * and popup) fetched on the first click, which then opens it. The page loads less for a control most
 * visitors never touch.
 */
export const LanguageSwitch = ({ className }: { className?: string }) => {
  const [used, setUsed] = useState(false);
  const button = <LanguageButton className={className} onClick={() => setUsed(true)} />;
  if (!used) return button;
  return (
    <Suspense fallback={button}>
      <LanguageDropdown className={className} initiallyOpen />
    </Suspense>
  );
};
