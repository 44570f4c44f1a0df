import type { FactorMethodKind } from '@cpm/contracts';
import { create } from 'zustand';

type Prompt = { methods: FactorMethodKind[]; settle: (confirmed: boolean) => void };

/** The one step-up dialog's state: the factors it asks for while open. */
export const useFactorPrompt = create<{ prompt: Prompt | null }>(() => ({ prompt: null }));

let pending: Promise<boolean> | null = null;

/**
 * Opens the step-up dialog for these factors; answers true once one was confirmed, false when the
 * user closed it. Calls refused together share one dialog.
 */
export const askFactor = (methods: FactorMethodKind[]): Promise<boolean> => {
  if (pending) return pending;
  pending = new Promise<boolean>((resolve) => {
    useFactorPrompt.setState({
      prompt: {
        methods,
        settle: (confirmed) => {
          pending = null;
          useFactorPrompt.setState({ prompt: null });
          resolve(confirmed);
        },
      },
    });
  });
  return pending;
};
