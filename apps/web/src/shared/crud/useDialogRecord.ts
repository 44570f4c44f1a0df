import { useState } from 'react';

/**
 * The record a dialog is open for (a new one included), null while it is closed. Closing forgets it;
 * a save closes the dialog and reloads what the save changed.
 */
export const useDialogRecord = <T>(reload: () => unknown) => {
  const [record, setRecord] = useState<T | null>(null);
  return {
    record,
    show: (next: T) => setRecord(next),
    close: () => setRecord(null),
    saved: () => {
      setRecord(null);
      void reload();
    },
  };
};
