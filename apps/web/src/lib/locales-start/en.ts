/** The start-up namespaces of 'en' in one chunk: one request, started before the app's entry runs (`boot.ts`). */
import auth from '../../locales/en/auth.json';
import common from '../../locales/en/common.json';
import dashboard from '../../locales/en/dashboard.json';
import errors from '../../locales/en/errors.json';
import nav from '../../locales/en/nav.json';
import publicTexts from '../../locales/en/public.json';

export default { auth, common, dashboard, errors, nav, public: publicTexts };
