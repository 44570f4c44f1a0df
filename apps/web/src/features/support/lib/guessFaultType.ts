/**
 * The fault type a checklist item most likely names (`printer` for "Printer prints a receipt", by the
 * dictionary value or label found in its text), else `other`, so a failed item opens its order in one
 * click; the inspector can still choose another.
 */
export const guessFaultType = (content: string, options: readonly { value: string; label: string }[]) => {
  const text = content.toLowerCase();
  const hit = options.find(
    (o) =>
      o.value !== 'other' && (text.includes(o.value.toLowerCase()) || text.includes(o.label.toLowerCase())),
  );
  return hit?.value ?? (options.some((o) => o.value === 'other') ? 'other' : options[0]?.value);
};
