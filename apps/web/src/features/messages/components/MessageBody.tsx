import { safeHtml } from '../messageHtml';
import './messageBody.css';

/** A message's rich text, sanitized again before it reaches the page. */
export const MessageBody = ({ html, testId }: { html: string; testId?: string }) => (
  <div
    className="cpm-message-body"
    data-testid={testId}
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML has just been through the whitelist sanitizer.
    dangerouslySetInnerHTML={{ __html: safeHtml(html) }}
  />
);
