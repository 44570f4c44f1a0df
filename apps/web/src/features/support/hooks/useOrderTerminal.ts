import type { OrderTerminal } from '@cpm/contracts';
import { supportRoutes } from '@cpm/contracts/routes';
import type { FormInstance, FormRule } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { call } from '../../../api/http';

/** Where the SN of the order form stands: not looked up, being looked up, found, or refused. */
export type OrderTerminalLookup =
  | { state: 'idle' }
  | { state: 'looking'; sn: string }
  | { state: 'found'; terminal: OrderTerminal }
  | { state: 'unknown'; sn: string; text: string };

/** The fields an order takes from its terminal. */
const FILLED = ['storeName', 'modelName', 'enterpriseName'] as const;

/**
 * Looks the order form's SN up on the server and fills store, model and enterprise from the
 * terminal; an SN the server refuses fills nothing and keeps the server's text (both languages) for
 * the field. Editing the SN again empties what the previous terminal filled.
 */
export const useOrderTerminal = (
  form: FormInstance,
): {
  lookup: OrderTerminalLookup;
  lookUp: () => Promise<void>;
  snEdited: () => void;
  reset: () => void;
  snRule: FormRule;
} => {
  const [lookup, setLookup] = useState<OrderTerminalLookup>({ state: 'idle' });
  // The SN last asked for: an answer for an SN the operator has since changed is dropped.
  const asked = useRef('');
  // The SN the server refused and its text, read by the field's rule (a ref: the rule runs before a re-render).
  const refused = useRef<{ sn: string; text: string } | null>(null);

  const clearFilled = useCallback(() => {
    form.setFieldsValue(Object.fromEntries(FILLED.map((name) => [name, undefined])));
  }, [form]);

  /** Forgets the lookup (the form opened again). */
  const reset = useCallback(() => {
    asked.current = '';
    refused.current = null;
    setLookup({ state: 'idle' });
  }, []);

  /** The SN changed under the operator's hands: what an earlier terminal filled goes. */
  const snEdited = useCallback(() => {
    if (asked.current === '') return;
    asked.current = '';
    refused.current = null;
    setLookup((was) => {
      if (was.state === 'found') clearFilled();
      return { state: 'idle' };
    });
  }, [clearFilled]);

  /** Looks the SN in the form up, unless it is the one already looked up. */
  const lookUp = useCallback(async () => {
    const sn = String(form.getFieldValue('sn') ?? '').trim();
    if (sn === asked.current) return;
    asked.current = sn;
    refused.current = null;
    if (!sn) {
      setLookup({ state: 'idle' });
      return;
    }
    setLookup({ state: 'looking', sn });
    try {
      const terminal = await call(supportRoutes.terminal, { query: { sn }, loading: false, silent: true });
      if (asked.current !== sn) return;
      form.setFieldsValue({ sn: terminal.sn, ...Object.fromEntries(FILLED.map((k) => [k, terminal[k]])) });
      asked.current = terminal.sn;
      setLookup({ state: 'found', terminal });
    } catch (error) {
      if (asked.current !== sn) return;
      clearFilled();
      const text = error instanceof Error ? error.message : String(error);
      refused.current = { sn, text };
      setLookup({ state: 'unknown', sn, text });
    }
    void form.validateFields(['sn']).catch(() => undefined);
  }, [form, clearFilled]);

  /** The SN field's rule: an SN the server refused cannot be saved. */
  const snRule: FormRule = {
    validator: (_, value) => {
      const r = refused.current;
      return r && String(value ?? '').trim() === r.sn ? Promise.reject(new Error(r.text)) : Promise.resolve();
    },
  };

  return { lookup, lookUp, snEdited, reset, snRule };
};
