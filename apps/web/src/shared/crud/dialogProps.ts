/**
 * A dialog's props. `Shown` says when it shows (`open`, or a record that is null while it is closed)
 * and what else it takes; `onClose` hides it, and `onSaved` hears what it stored so the caller reloads.
 */
export type DialogProps<Shown extends object = { open: boolean }, Saved = void> = Shown & {
  onClose: () => void;
  onSaved: (saved: Saved) => void;
};
