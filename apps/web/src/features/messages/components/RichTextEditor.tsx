import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import { useEffect, useRef } from 'react';
import { safeHtml } from '../messageHtml';
import './richTextEditor.css';

type RichTextEditorProps = {
  /** The starting content; later changes of this prop are ignored (remount with a new `key` instead). */
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  /** Accessible name of the editing area. */
  label: string;
  /** The editing area's id; the label naming it focuses it when clicked. */
  id?: string;
};

const TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ align: [] }],
  ['link', 'blockquote', 'code-block'],
  ['clean'],
];

/**
 * Message text editor (Quill, used directly rather than through a React wrapper so it has no React
 * version coupling). It reports semantic HTML; the server sanitizes it again on save.
 */
export const RichTextEditor = ({ value, onChange, placeholder, label, id }: RichTextEditorProps) => {
  const host = useRef<HTMLDivElement>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const initial = useRef(value ?? '');

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const editorNode = document.createElement('div');
    element.appendChild(editorNode);
    const quill = new Quill(editorNode, { theme: 'snow', placeholder, modules: { toolbar: TOOLBAR } });
    if (initial.current)
      quill.setContents(quill.clipboard.convert({ html: safeHtml(initial.current) }), 'silent');
    quill.root.setAttribute('aria-label', label);
    quill.root.setAttribute('data-testid', 'message-editor');
    // A label focuses only form controls by itself, not an editable area: it is told to here.
    const named = id ? element.ownerDocument.querySelector(`label[for="${CSS.escape(id)}"]`) : null;
    const focus = () => quill.focus();
    if (id) quill.root.id = id;
    named?.addEventListener('click', focus);
    quill.on('text-change', () => {
      const empty = quill.getLength() <= 1;
      changed.current?.(empty ? '' : quill.getSemanticHTML());
    });
    return () => {
      named?.removeEventListener('click', focus);
      element.innerHTML = '';
    };
  }, [placeholder, label, id]);

  return <div ref={host} className="cpm-rich-editor" />;
};
