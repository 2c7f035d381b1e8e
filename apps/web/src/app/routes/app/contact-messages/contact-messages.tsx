import { ContactMessagesView } from '../../../../features/contact-messages/components/contact-messages-view';

/** /admin/contact-messages */
export function Component() {
  return <ContactMessagesView />;
}
