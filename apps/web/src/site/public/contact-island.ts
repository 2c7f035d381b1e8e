/** The contact form as an island module (site/islands.ts). */
import { ContactForm } from './contact-form';

export default ContactForm;
