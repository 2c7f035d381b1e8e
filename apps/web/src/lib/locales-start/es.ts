/** The start-up namespaces of 'es' in one chunk: one request, started before the app's entry runs (`boot.ts`). */
import auth from '../../locales/es/auth.json';
import common from '../../locales/es/common.json';
import dashboard from '../../locales/es/dashboard.json';
import errors from '../../locales/es/errors.json';
import nav from '../../locales/es/nav.json';
import publicTexts from '../../locales/es/public.json';

export default { auth, common, dashboard, errors, nav, public: publicTexts };
