/** The public navigation as an island module (site/islands.ts). */
import { SiteNav } from './nav';

export default SiteNav;
